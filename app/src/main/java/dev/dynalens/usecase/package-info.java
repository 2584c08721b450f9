/**
 * The application layer: one class per use case (analyse a table, find stale copies, repair them, load, export,
 * import, run a query, commit staged edits, run an update), shared by the app and the command line. The view models
 * and the picocli commands are adapters over it: they gather the input, start a use case, and present its progress and
 * result.
 *
 * <p>The conventions every use case keeps:
 * <ul>
 *   <li>It is built from ports ({@link dev.dynalens.service.DynamoSession}, stores) and settings, never from UI or CLI
 *       types, and is tested once, in {@code src/test/.../usecase}, on a same-thread executor.</li>
 *   <li>Long work returns a {@link dev.dynalens.service.job.Job} (progress, result, cancel); one request returns a
 *       {@link java.util.concurrent.CompletableFuture}. Every page of a Scan or Query is read through
 *       {@link dev.dynalens.service.job.Pager}.</li>
 *   <li>A use case that writes takes the person's {@link dev.dynalens.service.guard.WriteConfirmer}, writes only
 *       through {@link dev.dynalens.service.guard.WriteGuard#forAction}, and calls {@code confirmWrites} before it reads
 *       or sends anything: a refusal (read-only, production not confirmed) ends it with nothing done.</li>
 * </ul>
 */
package dev.dynalens.usecase;
