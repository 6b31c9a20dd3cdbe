package org.rlanything.demo;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Saves a tabular model's weights as a small text file: a header line {@code rlanything-table v1
 * ROWS COLS} followed by one line of exact (round-trip) doubles per row. Loading checks the header,
 * every row and every number, and fails with the file's name before anything is changed.
 */
final class TableFile {

    private static final String MAGIC = "rlanything-table v1";

    private TableFile() {}

    static void write(Path file, double[][] table) throws IOException {
        StringBuilder text = new StringBuilder();
        text.append(MAGIC)
                .append(' ')
                .append(table.length)
                .append(' ')
                .append(table[0].length)
                .append('\n');
        for (double[] row : table) {
            for (int c = 0; c < row.length; c++) {
                text.append(c == 0 ? "" : " ").append(Double.toString(row[c]));
            }
            text.append('\n');
        }
        Files.writeString(file, text.toString(), StandardCharsets.UTF_8);
    }

    static double[][] read(Path file, int rows, int cols) throws IOException {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new IOException("The checkpoint file " + file + " is missing.", e);
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new IOException(
                    "The checkpoint file "
                            + file
                            + " is not text (a binary or compressed file?): it"
                            + " is not a table of this model, or it is corrupt.",
                    e);
        }
        String expectedHeader = String.format(Locale.ROOT, "%s %d %d", MAGIC, rows, cols);
        if (lines.isEmpty() || !lines.get(0).equals(expectedHeader)) {
            throw new IOException(
                    "The checkpoint file "
                            + file
                            + " does not start with '"
                            + expectedHeader
                            + "': it is not a table of this model's shape, or it is corrupt.");
        }
        if (lines.size() != rows + 1) {
            throw new IOException(
                    "The checkpoint file "
                            + file
                            + " has "
                            + (lines.size() - 1)
                            + " rows, expected "
                            + rows
                            + ": it is truncated or corrupt.");
        }
        double[][] table = new double[rows][cols];
        for (int r = 0; r < rows; r++) {
            String[] cells = lines.get(r + 1).split(" ");
            if (cells.length != cols) {
                throw new IOException(
                        "Row "
                                + (r + 1)
                                + " of the checkpoint file "
                                + file
                                + " has "
                                + cells.length
                                + " numbers, expected "
                                + cols
                                + ".");
            }
            for (int c = 0; c < cols; c++) {
                try {
                    table[r][c] = Double.parseDouble(cells[c]);
                } catch (NumberFormatException e) {
                    throw new IOException(badCell(file, r, cells[c], "not a number."), e);
                }
                if (!Double.isFinite(table[r][c])) {
                    throw new IOException(
                            badCell(
                                    file,
                                    r,
                                    cells[c],
                                    "not a finite number: the table is corrupt."));
                }
            }
        }
        return table;
    }

    /**
     * "Row R of the checkpoint file F holds 'CELL', which is {@code what}" (rows counted from 1).
     */
    private static String badCell(Path file, int row, String cell, String what) {
        return "Row "
                + (row + 1)
                + " of the checkpoint file "
                + file
                + " holds '"
                + cell
                + "', which is "
                + what;
    }
}
