package org.rlanything.coding.command;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.concurrent.Callable;
import org.rlanything.coding.mini.MiniProblem;
import org.rlanything.coding.mini.MiniProblemGenerator;
import org.rlanything.coding.mini.MiniTest;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code rlanything coding mini}: generated problems of the miniature stack language. */
@Command(
        name = "mini",
        mixinStandardHelpOptions = true,
        description =
                "Prints generated problems of the miniature stack language, one JSON line each:"
                        + " {\"id\":..,\"family\":..,\"split\":\"in\"|\"out\",\"statement\":..,"
                        + "\"reference\":..,\"tests\":[\"3 4 -> 7\",..]}.")
final class MiniCommand implements Callable<Integer> {

    @Spec private CommandSpec spec;

    @Option(
            names = "--split",
            description =
                    "in (training families) or out (held-out families); default ${DEFAULT-VALUE}.",
            defaultValue = "in")
    private String split;

    @Option(
            names = "--count",
            description = "Problems (default ${DEFAULT-VALUE}).",
            defaultValue = "10")
    private int count;

    @Option(
            names = "--tests",
            description = "Tests per problem (default ${DEFAULT-VALUE}).",
            defaultValue = "5")
    private int tests;

    @Option(
            names = "--seed",
            description = "Seed (default ${DEFAULT-VALUE}).",
            defaultValue = "10086")
    private long seed;

    @Override
    public Integer call() throws IOException {
        if (!split.equals("in") && !split.equals("out")) {
            throw new org.rlanything.core.BadInputException(
                    "--split must be 'in' or 'out', got '" + split + "'");
        }
        if (count < 0) {
            throw new org.rlanything.core.BadInputException("--count must be >= 0, got " + count);
        }
        ObjectMapper json = new ObjectMapper();
        var out = spec.commandLine().getOut();
        for (MiniProblem p :
                new MiniProblemGenerator(tests).generate(split.equals("in"), count, seed)) {
            ObjectNode line = json.createObjectNode();
            line.put("id", p.id());
            line.put("family", p.family().name());
            line.put("split", split);
            line.put("statement", p.statement());
            line.put("reference", p.reference());
            ArrayNode t = line.putArray("tests");
            for (MiniTest test : p.tests()) {
                t.add(test.format());
            }
            out.println(json.writeValueAsString(line));
        }
        out.flush();
        return 0;
    }
}
