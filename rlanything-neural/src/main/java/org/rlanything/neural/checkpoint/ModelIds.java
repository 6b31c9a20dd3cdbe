package org.rlanything.neural.checkpoint;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The name a model folder is known by, for {@code base_model_name_or_path} of a PEFT adapter: the
 * model's id (such as {@code meta-llama/Llama-3.2-1B}) when its {@code config.json} records one in
 * {@code _name_or_path} (as {@code model import --model-id} writes, or a download kept), else the
 * folder's own name. Never an absolute path: the adapter is moved to other machines.
 */
public final class ModelIds {

    /** An id of the form {@code owner/name}. */
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9][\\w.-]*/[\\w.-]+");

    private ModelIds() {}

    /** The model's id when known, else the folder's name. */
    public static String of(Path folder) {
        String id = recorded(folder);
        return id != null ? id : folder.toAbsolutePath().normalize().getFileName().toString();
    }

    /** The id {@code folder}'s config.json records, or null. */
    public static String recorded(Path folder) {
        Path config = folder.resolve(Checkpoint.CONFIG);
        if (!Files.isRegularFile(config)) {
            return null;
        }
        try {
            Map<?, ?> m = new ObjectMapper().readValue(config.toFile(), Map.class);
            return m.get("_name_or_path") instanceof String s && isId(s) ? s : null;
        } catch (IOException e) {
            return null;
        }
    }

    /** Whether {@code s} reads as a model id rather than a path. */
    public static boolean isId(String s) {
        return ID.matcher(s).matches();
    }
}
