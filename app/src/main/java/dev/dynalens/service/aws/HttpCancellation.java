package dev.dynalens.service.aws;

import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.async.AsyncExecuteRequest;
import software.amazon.awssdk.http.async.SdkAsyncHttpClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;

/**
 * Makes cancelling a {@link CancellableCall} abort its HTTP request. Cancelling the future an async SDK
 * client returns does not (SDK 2.57: the retry stage does not pass the cancellation on), so the request
 * would run until it answered or its attempt timed out. Cancelling the HTTP client's own future does: Netty
 * closes the connection.
 *
 * <p>The call rides on each request as an execution attribute; just before transmission this interceptor
 * files it under the request's {@code amz-sdk-invocation-id} header (one id per call, kept across retries),
 * and the wrapped HTTP client hands every HTTP future of that id to the call to track.
 */
final class HttpCancellation implements ExecutionInterceptor {
    static final ExecutionAttribute<CancellableCall<?>> CALL = new ExecutionAttribute<>("dynalens.cancellableCall");
    static final String INVOCATION_ID = "amz-sdk-invocation-id";

    private final Map<String, CancellableCall<?>> callsByInvocation = new ConcurrentHashMap<>();

    /** The request, carrying the call it belongs to. */
    @SuppressWarnings("unchecked")
    <R extends DynamoDbRequest> R tag(R request, CancellableCall<?> call) {
        return (R) request.toBuilder()
                .overrideConfiguration(o -> o.putExecutionAttribute(CALL, call))
                .build();
    }

    @Override
    public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
        var call = attributes.getAttribute(CALL);
        if (call == null) {
            return;
        }
        context.httpRequest().firstMatchingHeader(INVOCATION_ID).ifPresent(id -> {
            if (callsByInvocation.put(id, call) == null) {
                call.whenComplete((value, error) -> callsByInvocation.remove(id, call));
            }
        });
    }

    /** The HTTP client the DynamoDB client is built with. Closing it closes the delegate. */
    SdkAsyncHttpClient wrap(SdkAsyncHttpClient delegate) {
        return new SdkAsyncHttpClient() {
            @Override
            public CompletableFuture<Void> execute(AsyncExecuteRequest request) {
                var call = request.request().firstMatchingHeader(INVOCATION_ID).map(callsByInvocation::get).orElse(null);
                if (call != null && call.isCancelled()) {
                    // A retry of a cancelled call: nothing goes on the wire.
                    var refused = new CancellationException("The request was cancelled");
                    request.responseHandler().onError(refused);
                    return CompletableFuture.failedFuture(refused);
                }
                var future = delegate.execute(request);
                if (call != null) {
                    call.track(future);
                }
                return future;
            }

            @Override
            public String clientName() {
                return delegate.clientName();
            }

            @Override
            public void close() {
                delegate.close();
            }
        };
    }

    int trackedCalls() {
        return callsByInvocation.size();
    }
}
