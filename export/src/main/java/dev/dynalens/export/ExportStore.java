package dev.dynalens.export;

import java.io.IOException;
import java.io.InputStream;

/**
 * Where an export's objects are read from: a bucket (and the prefix the export was written under) or a local folder
 * holding the same layout. Keys are relative to that root: {@code AWSDynamoDB/<ExportId>/manifest-summary.json}.
 * Nothing is ever listed: the manifests name every object to read.
 */
public interface ExportStore extends AutoCloseable {

    /**
     * Opens an object for reading from its first byte.
     *
     * @throws java.nio.file.NoSuchFileException when there is no such object
     * @throws ExportReadException               when the store refuses (access denied, another region), in a sentence
     * @throws IOException                       when it cannot be read
     */
    InputStream open(String key) throws IOException;

    /** Whether the object exists. */
    boolean exists(String key) throws IOException;

    /** The object's address for a person: {@code s3://bucket/prefix/key} or a path. */
    String describe(String key);

    @Override
    void close();
}
