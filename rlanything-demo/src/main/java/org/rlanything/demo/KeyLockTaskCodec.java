package org.rlanything.demo;

import org.rlanything.core.Task;
import org.rlanything.core.TaskCodec;

/** Encodes a key-lock task as {@code LAYOUT_HEX:LENGTH}. */
public final class KeyLockTaskCodec implements TaskCodec {

    @Override
    public String encode(Task task) {
        KeyLockTask keyLock = (KeyLockTask) task;
        return Long.toHexString(keyLock.layout()) + ":" + keyLock.length();
    }

    @Override
    public Task decode(String text) {
        int colon = text.indexOf(':');
        try {
            if (colon < 0) {
                throw new NumberFormatException("no ':'");
            }
            return new KeyLockTask(
                    Long.parseUnsignedLong(text.substring(0, colon), 16),
                    Integer.parseInt(text.substring(colon + 1)));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "'" + text + "' is not a key-lock task (expected LAYOUT_HEX:LENGTH).", e);
        }
    }
}
