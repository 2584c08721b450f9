package dev.dynalens.cli;

import picocli.CommandLine.Option;

/**
 * The {@code --confirm-read} option of the commands that read a whole table to find stale copies (picocli mixin): on
 * a connection tagged production they say what the read will cost on stderr and read only with it.
 */
final class ConfirmReadOption {
    @Option(names = "--confirm-read", description = "On a connection tagged production, read the whole table although it costs read "
            + "capacity (the estimate is printed on stderr first).")
    boolean confirmRead;
}
