package org.rlanything.gui;

import org.rlanything.core.EnvironmentSession;

/** An episode that can show its screen (GUI environments; vision policies and judges read it). */
public interface ScreenshotSession extends EnvironmentSession {

    /** A PNG of the current screen. */
    byte[] screenshot();
}
