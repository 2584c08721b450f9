package dev.dynalens.spark;

import com.fasterxml.jackson.core.JsonFactory;
import dev.dynalens.domain.inference.AnalysisJson;
import dev.dynalens.domain.inference.TableAnalysis;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.concurrent.CompletionException;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.core.async.AsyncRequestBody;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3AsyncClient;

/**
 * The job's result: one JSON document, {@code {"analysis": …}}, whose analysis has the shape of
 * {@code dynalens analyze --json} ({@link AnalysisJson}), written to a local file (through a temporary file beside it,
 * so a reader never sees half of it) or to S3 (one PutObject).
 */
final class ResultFile {
    private static final JsonFactory JSON = JsonFactory.builder().build();

    private ResultFile() {
    }

    static byte[] json(TableAnalysis analysis) {
        var bytes = new ByteArrayOutputStream();
        try (var gen = JSON.createGenerator(bytes).useDefaultPrettyPrinter()) {
            gen.writeStartObject();
            gen.writeObjectFieldStart("analysis");
            AnalysisJson.writeFields(gen, analysis, false);
            gen.writeEndObject();
            gen.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        bytes.write('\n');
        return bytes.toByteArray();
    }

    /**
     * @throws JobException when it cannot be written, in a sentence
     */
    static void write(String out, byte[] json, String s3Endpoint, String region) {
        if (out.toLowerCase(Locale.ROOT).startsWith("s3://")) {
            writeS3(out, json, s3Endpoint, region);
            return;
        }
        var path = Path.of(out).toAbsolutePath();
        try {
            if (path.getParent() != null) {
                Files.createDirectories(path.getParent());
            }
            var partial = path.resolveSibling(path.getFileName() + ".part");
            Files.write(partial, json);
            Files.move(partial, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new JobException("Cannot write the result to " + path + ": " + e.getMessage(), e);
        }
    }

    private static void writeS3(String out, byte[] json, String s3Endpoint, String region) {
        var uri = URI.create(out.replace(" ", "%20"));
        var bucket = uri.getHost() != null ? uri.getHost() : uri.getAuthority();
        var key = uri.getPath() == null ? "" : uri.getPath().replaceFirst("^/+", "");
        if (bucket == null || bucket.isEmpty() || key.isEmpty() || key.endsWith("/")) {
            throw new JobException("--out " + out + " names no object: give s3://BUCKET/KEY (the result is one file)");
        }
        var builder = S3AsyncClient.builder().region(Region.of(region)).credentialsProvider(DefaultCredentialsProvider.builder().build());
        if (s3Endpoint != null) {
            builder.endpointOverride(URI.create(s3Endpoint)).forcePathStyle(true);
        }
        try (var client = builder.build()) {
            client.putObject(request -> request.bucket(bucket).key(key).contentType("application/json"), AsyncRequestBody.fromBytes(json)).join();
        } catch (CompletionException e) {
            var cause = e.getCause() == null ? e : e.getCause();
            throw new JobException("Cannot write the result to " + out + ": " + cause.getMessage()
                    + " (the job's role needs s3:PutObject on it)", cause);
        }
    }
}
