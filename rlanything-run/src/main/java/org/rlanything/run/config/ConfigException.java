package org.rlanything.run.config;

/**
 * A configuration error, with a message that names the file (or override), the key and what was
 * expected.
 */
public final class ConfigException extends org.rlanything.core.BadInputException {

    private static final long serialVersionUID = 1L;

    public ConfigException(String message, Throwable cause) {
        super(message, cause);
    }

    public ConfigException(String message) {
        super(message);
    }
}
