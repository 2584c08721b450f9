package dev.dynalens.export;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;

/**
 * Where one export is: {@code s3://BUCKET/PREFIX/AWSDynamoDB/<ExportId>} (the folder that holds
 * {@code manifest-summary.json}) or a local folder with the same layout. The manifests' keys are resolved against the
 * root above {@code AWSDynamoDB/}, so an incremental export's shared {@code AWSDynamoDB/data/} folder is found where S3
 * has it.
 *
 * @param text      the location as given
 * @param bucket    the bucket, or null for a local folder
 * @param root      the key prefix above {@code AWSDynamoDB/} ({@code ""} or ending in {@code /}); for a local folder, the
 *                  folder above {@code AWSDynamoDB/}
 * @param exportDir {@code AWSDynamoDB/<ExportId>}, relative to the root
 */
public record ExportLocation(String text, String bucket, String root, String exportDir) {
    static final String SEGMENT = "AWSDynamoDB";
    static final String SUMMARY = "manifest-summary.json";

    public ExportLocation {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(root, "root");
        Objects.requireNonNull(exportDir, "exportDir");
    }

    /**
     * Parses an {@code s3://} URI or a local folder.
     *
     * @throws IllegalArgumentException with a sentence when it is neither
     */
    public static ExportLocation parse(String text) {
        Objects.requireNonNull(text, "text");
        var trimmed = text.strip();
        if (trimmed.isEmpty()) {
            throw new IllegalArgumentException("An export is an s3://BUCKET/PREFIX/AWSDynamoDB/<ExportId> URI or a local folder");
        }
        if (trimmed.toLowerCase(Locale.ROOT).startsWith("s3://")) {
            return parseS3(trimmed);
        }
        return parseFolder(trimmed);
    }

    private static ExportLocation parseS3(String text) {
        URI uri;
        try {
            uri = new URI(text.replace(" ", "%20"));
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("Not an S3 URI: " + text + " (" + e.getReason() + ")");
        }
        var bucket = uri.getHost() != null ? uri.getHost() : uri.getAuthority();
        if (bucket == null || bucket.isEmpty()) {
            throw new IllegalArgumentException("The S3 URI " + text + " names no bucket: s3://BUCKET/PREFIX/AWSDynamoDB/<ExportId>");
        }
        var path = uri.getPath() == null ? "" : uri.getPath();
        var split = split(trimSummary(strip(path)), text);
        return new ExportLocation(text, bucket, split[0], split[1]);
    }

    private static ExportLocation parseFolder(String text) {
        var path = Path.of(text).toAbsolutePath().normalize();
        if (path.getFileName() != null && path.getFileName().toString().equals(SUMMARY)) {
            path = path.getParent();
        }
        if (!Files.isDirectory(path)) {
            throw new IllegalArgumentException("No such folder: " + text + " (an export is a folder holding manifest-summary.json, "
                    + "or an s3:// URI)");
        }
        var parent = path.getParent();
        if (parent != null && parent.getFileName() != null && parent.getFileName().toString().equals(SEGMENT) && parent.getParent() != null) {
            return new ExportLocation(text, null, parent.getParent().toString(), SEGMENT + "/" + path.getFileName());
        }
        // A folder copied out of its layout: its manifests and data/ are in it; keys are resolved by their last part.
        return new ExportLocation(text, null, path.toString(), "");
    }

    private static String strip(String path) {
        var s = path;
        while (s.startsWith("/")) {
            s = s.substring(1);
        }
        while (s.endsWith("/")) {
            s = s.substring(0, s.length() - 1);
        }
        return s;
    }

    private static String trimSummary(String path) {
        return path.endsWith("/" + SUMMARY) ? path.substring(0, path.length() - SUMMARY.length() - 1) : path;
    }

    private static String[] split(String path, String text) {
        var parts = path.split("/");
        if (parts.length < 2 || !parts[parts.length - 2].equals(SEGMENT)) {
            throw new IllegalArgumentException("The S3 URI " + text + " is not an export's folder: it should end in "
                    + "AWSDynamoDB/<ExportId>, the folder that holds manifest-summary.json");
        }
        var root = String.join("/", java.util.Arrays.copyOf(parts, parts.length - 2));
        return new String[] {root.isEmpty() ? "" : root + "/", SEGMENT + "/" + parts[parts.length - 1]};
    }

    public boolean isS3() {
        return bucket != null;
    }

    /** Whether the folder keeps the export's layout ({@code …/AWSDynamoDB/<ExportId>}). */
    boolean laidOut() {
        return !exportDir.isEmpty();
    }

    /** The key of one of the export's own files ({@code manifest-summary.json}, {@code _started}). */
    String own(String name) {
        return laidOut() ? exportDir + "/" + name : name;
    }

    /**
     * A key the manifests name, relative to the root: from its {@code AWSDynamoDB/} on (a key may carry the export's
     * prefix before it, or not). In a folder out of its layout, a data file is looked up in its {@code data/} folder.
     */
    String resolve(String manifestKey) {
        int at = manifestKey.startsWith(SEGMENT + "/") ? 0 : manifestKey.indexOf("/" + SEGMENT + "/") + 1;
        var key = at <= 0 && !manifestKey.startsWith(SEGMENT + "/") ? manifestKey : manifestKey.substring(at);
        if (laidOut()) {
            return key;
        }
        int data = key.lastIndexOf("/data/");
        if (data >= 0) {
            return key.substring(data + 1);
        }
        int slash = key.lastIndexOf('/');
        return slash < 0 ? key : key.substring(slash + 1);
    }

    /** The export's id: the folder's name. */
    public String exportId() {
        if (laidOut()) {
            return exportDir.substring(SEGMENT.length() + 1);
        }
        var name = Path.of(root).getFileName();
        return name == null ? root : name.toString();
    }
}
