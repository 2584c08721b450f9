package dev.dynalens.ui.common;

/** How a status message should look. */
public enum StatusKind { INFO, SUCCESS, ERROR }
