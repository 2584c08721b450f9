package dev.dynalens.domain.builder;

/** How the rows of the visual condition builder are joined. */
public enum Connector { AND, OR }
