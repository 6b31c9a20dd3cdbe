package org.rlanything.core;

/** Which way a rewrite should move a task's difficulty. */
public enum RewriteGoal {
    HARDER,
    EASIER
}
