package org.rlanything.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import org.rlanything.core.io.AtomicFiles;

/**
 * A run folder's {@code run.json}: the version of rlanything that started the run and the iteration
 * of its newest complete checkpoint, rewritten (atomically) after each checkpoint is renamed into
 * place. It is what tells a deleted or broken newest checkpoint from one that was never written: a
 * resume or an evaluation refuses a run whose newest checkpoint on disk is older than the one
 * recorded, instead of silently going back to an earlier one. (A kill between a checkpoint's rename
 * and this record leaves the record one checkpoint behind, which is allowed.)
 */
public final class RunRecord {

    public static final String FILE = "run.json";

    /** The version that writes run records (and checkpoint manifests with their logs). */
    public static final String WRITTEN_BY = "rlanything 0.1.0";

    private static final String FORMAT = "rlanything-run/1";

    private final Path file;

    RunRecord(Path file) {
        this.file = file;
    }

    public Path file() {
        return file;
    }

    public boolean exists() {
        return Files.exists(file, LinkOption.NOFOLLOW_LINKS);
    }

    /**
     * The iteration of the newest checkpoint recorded, -1 when the run has none yet; a record that
     * cannot be read is refused naming the file.
     */
    public int newestCheckpoint() throws IOException {
        JsonNode root;
        try {
            root = JsonlLog.STRICT.readTree(Files.readAllBytes(file));
        } catch (java.nio.file.NoSuchFileException e) {
            throw missing("");
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw damaged("it is not readable JSON (" + JsonlLog.problem(e) + ")");
        } catch (IOException e) {
            throw damaged("it cannot be read (" + IoErrors.describe(e) + ")");
        }
        if (root == null || !FORMAT.equals(root.path("format").asText())) {
            throw damaged("expected a " + FORMAT + " object");
        }
        JsonNode newest = root.get("newest_checkpoint");
        if (newest == null || newest.isNull()) {
            return -1;
        }
        if (!newest.canConvertToExactIntegral() || newest.asInt() < 0) {
            throw damaged(
                    "\"newest_checkpoint\" must be an iteration (a whole number >= 0) or null");
        }
        return newest.asInt();
    }

    /** The refusal of a run without its record; {@code wayOut} says how to go on. */
    public RunFolderException missing(String wayOut) {
        return new RunFolderException(
                file
                        + " is missing: the run was written by an rlanything older than "
                        + WRITTEN_BY
                        + ", or the file was deleted, so whether its newest checkpoint is whole"
                        + " cannot be told."
                        + (wayOut.isEmpty() ? "" : " " + wayOut));
    }

    private RunFolderException damaged(String problem) {
        return new RunFolderException(
                file
                        + " is damaged: "
                        + problem
                        + ". It records the run's newest checkpoint; restore it from a copy, or"
                        + " name the checkpoint to use (train --resume RUN --from iter-NNNNNN, eval"
                        + " RUN/checkpoints/iter-NNNNNN).");
    }

    /** Records {@code iteration} (-1: none yet) as the newest checkpoint, atomically. */
    public void write(int iteration) throws IOException {
        ObjectNode root = JsonlLog.JSON.createObjectNode();
        root.put("format", FORMAT);
        root.put("written_by", WRITTEN_BY);
        if (iteration < 0) {
            root.putNull("newest_checkpoint");
        } else {
            root.put("newest_checkpoint", iteration);
        }
        AtomicFiles.write(
                file, JsonlLog.JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(root));
    }
}
