package dev.dynalens.cli;

import dev.dynalens.service.DynamoSession;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/** A subcommand that opens one session, does its work, and closes the session whatever happens. */
abstract class SessionCommand implements Callable<Integer> {
    @ParentCommand
    DynaLensCli root;

    @Mixin
    ConnectionOptions connection;

    @Override
    public final Integer call() throws Exception {
        var profile = connection.resolve(root.context);
        try (var session = root.context.sessions().open(profile)) {
            return execute(session);
        }
    }

    abstract int execute(DynamoSession session) throws Exception;
}
