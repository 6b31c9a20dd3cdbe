package org.rlanything.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.rlanything.run.template.EnvironmentTemplate;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code rlanything new environment NAME [--python] [--dir DIR]}: a ready module to start from. */
@Command(
        name = "new",
        mixinStandardHelpOptions = true,
        description = "Writes a ready module to start from.",
        subcommands = {NewCommand.Environment.class})
final class NewCommand {

    /** {@code new environment NAME}. */
    @Command(
            name = "environment",
            mixinStandardHelpOptions = true,
            description =
                    "Writes a module for a new environment kind NAME: a Java plugin (pom, environment,"
                            + " provider, contract test, config, README) or, with --python, a Python"
                            + " server for environment.kind remote. Its README's first command builds"
                            + " and trains it.",
            footer = {"", "Example:", "  rlanything new environment maze --python && cd maze"})
    static final class Environment implements Callable<Integer> {

        @Spec private CommandSpec spec;

        @Parameters(paramLabel = "NAME", description = "the kind's name, for example my-maze")
        private String name;

        @Option(names = "--python", description = "a Python server instead of a Java plugin")
        private boolean python;

        @Option(
                names = "--dir",
                paramLabel = "DIR",
                description = "where to write it (default: ./NAME)")
        private Path dir;

        @Override
        public Integer call() throws Exception {
            Path folder = dir == null ? Path.of(name) : dir;
            List<Path> files = EnvironmentTemplate.write(name, python, folder);
            PrintWriter out = spec.commandLine().getOut();
            out.println("wrote " + folder + ": " + files);
            out.println("next: cd " + folder + " and run the first command of its README.md");
            return 0;
        }
    }
}
