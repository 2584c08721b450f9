package dev.dynalens.domain.codec;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;

/**
 * Text from UTF-8 bytes that says where the bytes were not UTF-8, instead of replacing them with U+FFFD as Java's
 * readers do: two keys that differ only in such bytes ({@code K\xff}, {@code K\xfe}) would otherwise read as one
 * ({@code K\uFFFD}) and collapse into one item. Each malformed sequence is still read as U+FFFD, so a reader can go
 * on with the next line, but it is recorded with its line and column (1-based, in characters, as Jackson counts them),
 * and the readers of items turn the line, row or item it is in into a problem.
 *
 * <p>Read it one way or the other: {@link #readLine()} (lines without their ends, {@link #lineMalformed()} for the line
 * just read), or as a {@link Reader} (the text as it is, one line at a time, so what has been handed out never runs
 * more than a line ahead of the caller; {@link #takeMalformedUpTo} for the sequences read so far). A line ends at
 * {@code \n}, {@code \r\n} or a lone {@code \r}; those bytes never occur inside a multi-byte sequence, so lines are
 * split before decoding, and decoding runs at the speed of {@code new String(bytes, UTF_8)} unless a line holds a
 * U+FFFD (written as such, or a replacement), which is then decoded again strictly to tell.
 */
public final class Utf8Reader extends Reader {
    private static final int BUFFER = 1 << 16;

    /**
     * A byte sequence that is not UTF-8.
     *
     * @param line   1-based line it is on
     * @param column 1-based column of the character it stands in place of
     * @param bytes  the bytes, as {@code 0xFF} or {@code 0xED 0xA0 0x80}
     */
    public record Malformed(long line, int column, String bytes) {
        public Malformed {
            Objects.requireNonNull(bytes, "bytes");
        }

        /** "Not valid UTF-8: byte 0xFF is not a character here; the file must be UTF-8", without the position. */
        public String message() {
            return "Not valid UTF-8: " + (bytes.contains(" ") ? "bytes " + bytes + " are" : "byte " + bytes + " is")
                    + " not a character here; the file must be UTF-8";
        }

        /** "line 3, column 7". */
        public String position() {
            return "line " + line + ", column " + column;
        }

        @Override
        public String toString() {
            return message() + " (" + position() + ")";
        }
    }

    private final InputStream in;
    private byte[] bytes = new byte[BUFFER];
    private int start;
    private int end;
    private boolean eof;
    private long line;
    private Malformed lineMalformed;
    private String current = "";
    private int served;
    private final ArrayDeque<Malformed> malformed = new ArrayDeque<>();

    public Utf8Reader(InputStream in) {
        this.in = Objects.requireNonNull(in, "in");
    }

    /**
     * The whole text of a small document (an item file), without a byte-order mark at its start.
     *
     * @throws CodecException at the first byte sequence that is not UTF-8, with its line and column
     */
    public static String decode(byte[] document) {
        var text = new StringBuilder(document.length);
        try (var reader = new Utf8Reader(new ByteArrayInputStream(document))) {
            var chunk = new char[8192];
            for (int n; (n = reader.read(chunk, 0, chunk.length)) > 0; ) {
                text.append(chunk, 0, n);
            }
            var first = reader.malformed.peekFirst();
            if (first != null) {
                throw new CodecException(first.message(), (int) first.line(), first.column());
            }
        } catch (IOException e) {
            throw new IllegalStateException("Reading bytes in memory cannot fail", e);
        }
        return !text.isEmpty() && text.charAt(0) == '\uFEFF' ? text.substring(1) : text.toString();
    }

    /** The next line without its end, or null at the end of the input. */
    public String readLine() throws IOException {
        return next(false);
    }

    /** The byte sequence that is not UTF-8 in the line {@link #readLine()} returned last (the first, if several), or null. */
    public Malformed lineMalformed() {
        return lineMalformed;
    }

    /** Lines read so far: the number of the line read last. */
    public long line() {
        return line;
    }

    /**
     * The first sequence read through the {@link Reader} methods that is not UTF-8 and lies at or before the position;
     * it and every later one up to the position are forgotten, as they belong to the same line, row or item.
     */
    public Optional<Malformed> takeMalformedUpTo(long upToLine, int upToColumn) {
        Malformed first = null;
        while (!malformed.isEmpty()) {
            var next = malformed.peekFirst();
            if (next.line() > upToLine || next.line() == upToLine && next.column() > upToColumn) {
                break;
            }
            malformed.pollFirst();
            if (first == null) {
                first = next;
            }
        }
        return Optional.ofNullable(first);
    }

    /** Every sequence that is not UTF-8 read through the {@link Reader} methods and not taken yet; the first one, or empty. */
    public Optional<Malformed> pendingMalformed() {
        return Optional.ofNullable(malformed.peekFirst());
    }

    @Override
    public int read(char[] target, int offset, int length) throws IOException {
        Objects.checkFromIndexSize(offset, length, target.length);
        if (length == 0) {
            return 0;
        }
        if (served == current.length()) {
            var next = next(true);
            if (next == null) {
                return -1;
            }
            current = next;
            served = 0;
        }
        int n = Math.min(length, current.length() - served);
        current.getChars(served, served + n, target, offset);
        served += n;
        return n;
    }

    @Override
    public int read() throws IOException {
        if (served == current.length()) {
            var next = next(true);
            if (next == null) {
                return -1;
            }
            current = next;
            served = 0;
        }
        return current.charAt(served++);
    }

    @Override
    public boolean ready() throws IOException {
        return served < current.length() || start < end || in.available() > 0;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    /** The next line, with its end when {@code withEnd}; records a malformed sequence in it. */
    private String next(boolean withEnd) throws IOException {
        int scan = start;
        while (true) {
            int i = scan;
            while (i < end && bytes[i] != '\n' && bytes[i] != '\r') {
                i++;
            }
            if (i < end) {
                int endLength = 1;
                if (bytes[i] == '\r') {
                    if (i + 1 == end && !eof) {
                        scan = i - start;
                        fill();
                        scan += start;
                        continue;
                    }
                    if (i + 1 < end && bytes[i + 1] == '\n') {
                        endLength = 2;
                    }
                }
                var text = decode(start, (withEnd ? i + endLength : i) - start, i - start, withEnd);
                start = i + endLength;
                return text;
            }
            if (eof) {
                if (start == end) {
                    return null;
                }
                var text = decode(start, end - start, end - start, withEnd);
                start = end;
                return text;
            }
            scan = i - start;
            fill();
            scan += start;
        }
    }

    /** Keeps the unread bytes, makes room (growing for a long line) and reads more; {@link #start} moves to 0. */
    private void fill() throws IOException {
        if (start > 0) {
            System.arraycopy(bytes, start, bytes, 0, end - start);
            end -= start;
            start = 0;
        }
        if (end == bytes.length) {
            bytes = Arrays.copyOf(bytes, bytes.length * 2);
        }
        int n = in.read(bytes, end, bytes.length - end);
        if (n < 0) {
            eof = true;
        } else {
            end += n;
        }
    }

    /**
     * @param contentLength the bytes of the line before its end, where malformed sequences are looked for
     * @param keep          remember them for {@link #takeMalformedUpTo} (a {@link Reader}'s caller), not only the line's first
     */
    private String decode(int offset, int length, int contentLength, boolean keep) {
        line++;
        var text = new String(bytes, offset, length, StandardCharsets.UTF_8);
        lineMalformed = null;
        if (text.indexOf('\uFFFD') >= 0) {
            locate(offset, contentLength, keep);
        }
        return text;
    }

    /** Records every malformed sequence in the bytes (none when every U+FFFD was written as such); the first is the line's. */
    private void locate(int offset, int length, boolean keep) {
        var decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        var input = ByteBuffer.wrap(bytes, offset, length);
        var output = CharBuffer.allocate(length + 1);
        while (true) {
            var result = decoder.decode(input, output, true);
            if (!result.isError()) {
                return;
            }
            var hex = new StringBuilder();
            for (int k = 0; k < result.length(); k++) {
                hex.append(k == 0 ? "" : " ").append(String.format("0x%02X", bytes[input.position() + k] & 0xff));
            }
            var found = new Malformed(line, output.position() + 1, hex.toString());
            if (lineMalformed == null) {
                lineMalformed = found;
                if (!keep) {
                    return;
                }
            }
            malformed.addLast(found);
            // Read on as the lenient decoder does: the sequence stands for one U+FFFD.
            input.position(input.position() + result.length());
            output.put('\uFFFD');
        }
    }
}
