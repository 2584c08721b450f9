package dev.dynalens.samples;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.zip.Adler32;
import java.util.zip.CRC32;

/**
 * Tiny PNG thumbnails written byte by byte, so the samples hold real images that any viewer opens.
 * The pixels go in a stored (uncompressed) deflate block: a compressor's output could change with
 * the zlib version, and the committed samples must come out the same on every machine.
 */
final class Thumbnails {
    static final int SIZE = 12;

    private Thumbnails() {
    }

    /** A {@value #SIZE}-pixel square in {@code background} with a darker border and a light 4×4 mark at {@code slot} (0–8). */
    static byte[] png(int background, int slot) {
        var raw = new ByteArrayOutputStream();
        int markX = 2 + (slot % 3) * 3;
        int markY = 2 + (slot / 3 % 3) * 3;
        for (int y = 0; y < SIZE; y++) {
            raw.write(0); // filter type None
            for (int x = 0; x < SIZE; x++) {
                int rgb;
                if (x == 0 || y == 0 || x == SIZE - 1 || y == SIZE - 1) {
                    rgb = shade(background, 0.6);
                } else if (x >= markX && x < markX + 4 && y >= markY && y < markY + 4) {
                    rgb = 0xF4F1E8;
                } else {
                    rgb = background;
                }
                raw.write(rgb >> 16 & 0xFF);
                raw.write(rgb >> 8 & 0xFF);
                raw.write(rgb & 0xFF);
            }
        }
        var png = new ByteArrayOutputStream();
        png.writeBytes(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'});
        var header = new ByteArrayOutputStream();
        writeInt(header, SIZE);
        writeInt(header, SIZE);
        header.writeBytes(new byte[] {8, 2, 0, 0, 0}); // 8 bits per channel, RGB, deflate, no filter set, no interlace
        chunk(png, "IHDR", header.toByteArray());
        chunk(png, "IDAT", zlibStored(raw.toByteArray()));
        chunk(png, "IEND", new byte[0]);
        return png.toByteArray();
    }

    private static int shade(int rgb, double factor) {
        int r = (int) ((rgb >> 16 & 0xFF) * factor);
        int g = (int) ((rgb >> 8 & 0xFF) * factor);
        int b = (int) ((rgb & 0xFF) * factor);
        return r << 16 | g << 8 | b;
    }

    /** A zlib stream (RFC 1950) holding one final stored deflate block (RFC 1951 §3.2.4). */
    private static byte[] zlibStored(byte[] data) {
        var out = new ByteArrayOutputStream();
        out.write(0x78);
        out.write(0x01);
        out.write(0x01); // BFINAL = 1, BTYPE = 00 (stored)
        out.write(data.length & 0xFF);
        out.write(data.length >> 8 & 0xFF);
        out.write(~data.length & 0xFF);
        out.write(~data.length >> 8 & 0xFF);
        out.writeBytes(data);
        var adler = new Adler32();
        adler.update(data);
        writeInt(out, (int) adler.getValue());
        return out.toByteArray();
    }

    private static void chunk(ByteArrayOutputStream png, String type, byte[] data) {
        var typeBytes = type.getBytes(StandardCharsets.US_ASCII);
        writeInt(png, data.length);
        png.writeBytes(typeBytes);
        png.writeBytes(data);
        var crc = new CRC32();
        crc.update(typeBytes);
        crc.update(data);
        writeInt(png, (int) crc.getValue());
    }

    private static void writeInt(ByteArrayOutputStream out, int value) {
        out.write(value >>> 24);
        out.write(value >>> 16 & 0xFF);
        out.write(value >>> 8 & 0xFF);
        out.write(value & 0xFF);
    }
}
