package org.rlanything.core.spi;

/**
 * A setting's own command on the {@code rlanything} command line ({@code alfworld}, {@code coding},
 * {@code miniwob}, {@code pretrain}, {@code model}, {@code demo}, a benchmark), found by {@link
 * java.util.ServiceLoader} in {@code META-INF/services/org.rlanything.core.spi.CommandProvider} as
 * kinds are: the command line depends on core alone and learns a setting's commands here. The
 * implementing class is the command itself, a picocli command (annotated {@code @Command}, with its
 * options and subcommands) with a public no-argument constructor; the command line adds a new
 * instance under {@link #group()}.
 */
public interface CommandProvider {

    /** Where a command goes on the command line. */
    enum Group {
        /** {@code rlanything NAME}. */
        TOP,
        /** {@code rlanything bench NAME}: a performance measurement. */
        BENCH
    }

    /** Where this command goes ({@link Group#TOP} unless it is a benchmark). */
    default Group group() {
        return Group.TOP;
    }
}
