package org.rlanything.core.config;

/**
 * Thrown by a config record's constructor when one of its values is out of range. {@code key} is
 * the record's own key; the loader prefixes the section path and the file.
 */
public final class InvalidValueException extends org.rlanything.core.BadInputException {

    private static final long serialVersionUID = 1L;

    private final String key;
    private final String problem;

    public InvalidValueException(String key, String problem) {
        super(key + ": " + problem);
        this.key = key;
        this.problem = problem;
    }

    public String key() {
        return key;
    }

    public String problem() {
        return problem;
    }
}
