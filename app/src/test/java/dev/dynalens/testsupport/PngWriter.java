package dev.dynalens.testsupport;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32;
import java.util.zip.DeflaterOutputStream;
import javafx.scene.image.Image;

/** Writes a JavaFX image as an RGB PNG without javafx.swing (for screenshots taken in headless tests). */
public final class PngWriter {
    private PngWriter() {
    }

    /**
     * With {@code -Ddynalens.screenshots=DIR}, a snapshot of {@code root} (taken on the FX thread) as {@code DIR/name}:
     * the screenshots of the docs. Without it, nothing.
     */
    public static void screenshotIfAsked(org.testfx.api.FxRobot robot, java.util.function.Supplier<javafx.scene.Parent> root, String name)
            throws IOException {
        var folder = System.getProperty("dynalens.screenshots");
        if (folder == null) {
            return;
        }
        var shot = new javafx.scene.image.WritableImage[1];
        robot.interact(() -> shot[0] = root.get().snapshot(null, null));
        write(shot[0], Path.of(folder).resolve(name));
    }

    public static void write(Image image, Path file) throws IOException {
        int width = (int) image.getWidth();
        int height = (int) image.getHeight();
        var reader = image.getPixelReader();
        var raw = new ByteArrayOutputStream(height * (width * 3 + 1));
        for (int y = 0; y < height; y++) {
            raw.write(0); // filter: none
            for (int x = 0; x < width; x++) {
                int argb = reader.getArgb(x, y);
                raw.write((argb >> 16) & 0xff);
                raw.write((argb >> 8) & 0xff);
                raw.write(argb & 0xff);
            }
        }
        var compressed = new ByteArrayOutputStream();
        try (var deflater = new DeflaterOutputStream(compressed)) {
            raw.writeTo(deflater);
        }
        var header = new ByteArrayOutputStream();
        var data = new DataOutputStream(header);
        data.writeInt(width);
        data.writeInt(height);
        data.writeByte(8);  // bit depth
        data.writeByte(2);  // colour type: RGB
        data.writeByte(0);
        data.writeByte(0);
        data.writeByte(0);
        Files.createDirectories(file.toAbsolutePath().getParent());
        try (var out = new DataOutputStream(Files.newOutputStream(file))) {
            out.write(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'});
            chunk(out, "IHDR", header.toByteArray());
            chunk(out, "IDAT", compressed.toByteArray());
            chunk(out, "IEND", new byte[0]);
        }
    }

    private static void chunk(DataOutputStream out, String type, byte[] body) throws IOException {
        var typeBytes = type.getBytes(StandardCharsets.US_ASCII);
        out.writeInt(body.length);
        out.write(typeBytes);
        out.write(body);
        var crc = new CRC32();
        crc.update(typeBytes);
        crc.update(body);
        out.writeInt((int) crc.getValue());
    }
}
