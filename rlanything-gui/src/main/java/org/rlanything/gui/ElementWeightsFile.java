package org.rlanything.gui;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.rlanything.core.io.AtomicFiles;

/**
 * A weight vector saved as text, one {@code NAME VALUE} line per weight in a fixed name order (the
 * embedded {@link ElementPolicy} and {@link ElementJudge} keep theirs so). Written with {@link
 * AtomicFiles#write}, so a reader never sees half a file; read back only when every line names the
 * expected weight and holds a finite number, else an {@link IOException} names the file and line.
 */
final class ElementWeightsFile {

    private ElementWeightsFile() {}

    /** Writes {@code values} under {@code names} to {@code file}, atomically. */
    static void write(Path file, List<String> names, double[] values) throws IOException {
        if (names.size() != values.length) {
            throw new IllegalArgumentException(
                    names.size() + " names for " + values.length + " weights");
        }
        StringBuilder text = new StringBuilder();
        for (int j = 0; j < values.length; j++) {
            text.append(names.get(j)).append(' ').append(Double.toString(values[j])).append('\n');
        }
        AtomicFiles.write(file, text.toString().getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Reads the weights of {@code file}, which must hold exactly one line per name, in order.
     *
     * @throws IOException naming the file (and line) when it is missing, truncated or corrupt
     */
    static double[] read(Path file, List<String> names) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IOException(file + ": no weights file");
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new IOException(file + ": not UTF-8 text", e);
        }
        if (lines.size() != names.size()) {
            throw new IOException(
                    file
                            + ": expected "
                            + names.size()
                            + " lines (one per weight), got "
                            + lines.size());
        }
        double[] values = new double[names.size()];
        for (int j = 0; j < values.length; j++) {
            String[] parts = lines.get(j).split(" ");
            if (parts.length != 2 || !parts[0].equals(names.get(j))) {
                throw new IOException(
                        file
                                + " line "
                                + (j + 1)
                                + ": expected \""
                                + names.get(j)
                                + " VALUE\", got \""
                                + lines.get(j)
                                + "\"");
            }
            try {
                values[j] = Double.parseDouble(parts[1]);
            } catch (NumberFormatException e) {
                throw new IOException(file + " line " + (j + 1) + ": not a number: " + parts[1]);
            }
            if (!Double.isFinite(values[j])) {
                throw new IOException(file + " line " + (j + 1) + ": not finite: " + parts[1]);
            }
        }
        return values;
    }
}
