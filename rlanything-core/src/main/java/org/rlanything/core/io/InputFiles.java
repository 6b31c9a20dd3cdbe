package org.rlanything.core.io;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reading a file a user names (a data set, a game, a page): it must be a regular file, not a
 * folder, a pipe that would block the reader forever or a device that never ends ({@code
 * /dev/zero}); it must be UTF-8 text, with lines and a size a reader can hold. Each refusal is an
 * {@link IllegalArgumentException} (bad input: exit 2 in the command-line tool) that names the file
 * (and line) and says what was expected.
 */
public final class InputFiles {

    /** The longest line {@link #forEachLine} reads, in characters. */
    public static final int MAX_LINE_CHARS = 64 << 20;

    private InputFiles() {}

    /** A line of a file, given to {@link #forEachLine}. */
    @FunctionalInterface
    public interface LineHandler {
        void accept(int number, String line) throws IOException;
    }

    /**
     * Returns {@code file} when it is a readable regular file; refuses it naming it, {@code what}
     * first (such as "The problems file").
     */
    public static Path requireFile(Path file, String what) {
        if (!Files.exists(file)) {
            throw new org.rlanything.core.BadInputException(what + " " + file + " does not exist.");
        }
        if (Files.isDirectory(file)) {
            throw new org.rlanything.core.BadInputException(
                    what + " " + file + " is a folder, not a file.");
        }
        if (!Files.isRegularFile(file)) {
            throw new org.rlanything.core.BadInputException(
                    what
                            + " "
                            + file
                            + " is not a regular file (a pipe, device or socket, which could"
                            + " block or never end); give a file.");
        }
        if (!Files.isReadable(file)) {
            throw new org.rlanything.core.BadInputException(
                    what + " " + file + " cannot be read: permission denied.");
        }
        return file;
    }

    /**
     * Reads a whole regular UTF-8 file of at most {@code maxBytes} bytes; refuses a larger one, or
     * one that is not UTF-8, naming it.
     */
    public static String readText(Path file, String what, long maxBytes) throws IOException {
        requireFile(file, what);
        long size = Files.size(file);
        if (size > maxBytes) {
            throw new org.rlanything.core.BadInputException(
                    what
                            + " "
                            + file
                            + " has "
                            + size
                            + " bytes, more than the "
                            + maxBytes
                            + " such a file can have.");
        }
        try {
            return utf8(Files.readAllBytes(file), Integer.MAX_VALUE);
        } catch (NotUtf8 e) {
            throw notUtf8(what, file, e.line(), e);
        }
    }

    /** Text that is not UTF-8, and the line (from 1) of its first bad byte. */
    public static final class NotUtf8 extends org.rlanything.core.BadInputException {
        private static final long serialVersionUID = 1L;
        private final int line;

        NotUtf8(int line) {
            super("line " + line + ": this is not UTF-8 text");
            this.line = line;
        }

        public int line() {
            return line;
        }
    }

    /**
     * The first {@code end} bytes (all when fewer) as UTF-8 text; throws {@link NotUtf8} with the
     * line of the first byte that is not UTF-8.
     */
    public static String utf8(byte[] bytes, int end) {
        int length = Math.min(end, bytes.length);
        java.nio.ByteBuffer in = java.nio.ByteBuffer.wrap(bytes, 0, length);
        java.nio.CharBuffer out = java.nio.CharBuffer.allocate(length + 1);
        java.nio.charset.CoderResult result =
                StandardCharsets.UTF_8
                        .newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT)
                        .decode(in, out, true);
        if (result.isError()) {
            int line = 1;
            for (int i = 0; i < in.position(); i++) {
                line += bytes[i] == '\n' ? 1 : 0;
            }
            throw new NotUtf8(line);
        }
        return out.flip().toString();
    }

    private static IllegalArgumentException notUtf8(
            String what, Path file, int line, Exception cause) {
        return new org.rlanything.core.BadInputException(
                what
                        + " "
                        + file
                        + ", line "
                        + line
                        + ": this is not UTF-8 text (UTF-16, or a compressed or binary file?).",
                cause);
    }

    /**
     * Calls {@code handler} with every line of a regular UTF-8 file, numbered from 1 (the line ends
     * {@code \n} or {@code \r\n} are not part of the text); refuses text that is not UTF-8 and a
     * line longer than {@link #MAX_LINE_CHARS}, naming the file and line.
     */
    public static void forEachLine(Path file, String what, LineHandler handler) throws IOException {
        requireFile(file, what);
        try (InputStream in = Files.newInputStream(file);
                BufferedReader reader =
                        new BufferedReader(
                                new InputStreamReader(
                                        in,
                                        StandardCharsets.UTF_8
                                                .newDecoder()
                                                .onMalformedInput(CodingErrorAction.REPORT)
                                                .onUnmappableCharacter(
                                                        CodingErrorAction.REPORT)))) {
            StringBuilder line = new StringBuilder();
            int number = 1;
            boolean pending = false;
            for (int c; ; ) {
                try {
                    c = reader.read();
                } catch (CharacterCodingException e) {
                    throw notUtf8(what, file, number, e);
                }
                if (c < 0) {
                    break;
                }
                if (c == '\n') {
                    int end = line.length();
                    if (end > 0 && line.charAt(end - 1) == '\r') {
                        line.setLength(end - 1);
                    }
                    handler.accept(number++, line.toString());
                    line.setLength(0);
                    pending = false;
                    continue;
                }
                if (line.length() >= MAX_LINE_CHARS) {
                    throw new org.rlanything.core.BadInputException(
                            what
                                    + " "
                                    + file
                                    + ", line "
                                    + number
                                    + ": longer than "
                                    + MAX_LINE_CHARS
                                    + " characters (not a text file of lines?).");
                }
                line.append((char) c);
                pending = true;
            }
            if (pending) {
                handler.accept(number, line.toString());
            }
        }
    }
}
