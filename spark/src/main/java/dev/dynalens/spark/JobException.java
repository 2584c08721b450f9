package dev.dynalens.spark;

/** The job cannot run or finish as asked; the message is a sentence for a person. */
final class JobException extends RuntimeException {
    JobException(String message) {
        super(message);
    }

    JobException(String message, Throwable cause) {
        super(message, cause);
    }
}
