package dev.dynalens.service.guard;

import dev.dynalens.domain.connection.WriteNotConfirmedException;
import java.util.concurrent.CompletableFuture;

/**
 * The person's answer to "may this action write into this production table?". The app asks with its one dialog (type
 * the table name); the command line answers from {@code --confirm-table}. Only {@link WriteGuard} calls it, and only
 * for production-tagged connections.
 */
@FunctionalInterface
public interface WriteConfirmer {

    /**
     * Completes normally when the person confirmed; fails with a {@link WriteNotConfirmedException} (whose message says
     * what to do) when they did not.
     */
    CompletableFuture<Void> confirm(WriteIntent intent);

    /** Confirms nothing: a production write outside an action the person confirmed is refused. */
    WriteConfirmer NONE = intent -> CompletableFuture.failedFuture(new WriteNotConfirmedException(intent.tableName(),
            "Connection '" + intent.connection().name() + "' is tagged production: " + intent.action() + " into "
                    + intent.tableName() + " needs the table name typed to confirm; nothing was written"));

    /**
     * Whether {@code typed} confirms writing into {@code tableName}: the exact name, surrounding blanks aside (the one
     * rule, also for a form that enables its button as the person types).
     */
    static boolean confirms(String typed, String tableName) {
        return typed != null && typed.strip().equals(tableName);
    }

    /**
     * The confirmation the person typed (a dialog's answer, {@code --confirm-table}'s value): confirms the table it
     * names, and refuses any other with {@code howToConfirm} (for example {@code repeat the table name with
     * --confirm-table Orders}).
     *
     * @param howToConfirm completes "Connection 'prod' is tagged production: …"; {@code %s} stands for the table name
     */
    static WriteConfirmer typed(String typed, String howToConfirm) {
        return intent -> confirms(typed, intent.tableName()) ? CompletableFuture.completedFuture(null)
                : CompletableFuture.failedFuture(new WriteNotConfirmedException(intent.tableName(), "Connection '"
                        + intent.connection().name() + "' is tagged production: " + howToConfirm.replace("%s", intent.tableName())));
    }
}
