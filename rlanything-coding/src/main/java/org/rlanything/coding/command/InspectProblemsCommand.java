package org.rlanything.coding.command;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.rlanything.coding.CodingProblem;
import org.rlanything.coding.ProblemLoader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code rlanything coding inspect DATA.jsonl}: one JSON line per problem. */
@Command(
        name = "inspect",
        mixinStandardHelpOptions = true,
        description =
                "Prints one JSON line per problem of DATA.jsonl: {\"id\":..,\"tests\":..,"
                        + "\"kind\":\"stdio\"|\"call\",\"language\":..,\"reference\":true|false}."
                        + " A HumanEval check program counts as one test.")
final class InspectProblemsCommand implements Callable<Integer> {

    @Spec private CommandSpec spec;

    @Parameters(paramLabel = "DATA.jsonl", description = "A JSON-lines file of coding problems.")
    private Path data;

    @Override
    public Integer call() throws IOException {
        ObjectMapper json = new ObjectMapper();
        var out = spec.commandLine().getOut();
        for (CodingProblem p : ProblemLoader.load(data)) {
            ObjectNode line = json.createObjectNode();
            line.put("id", p.id());
            line.put("tests", p.tests().size());
            line.put("kind", p.kind().label());
            line.put("language", p.language().name().toLowerCase(java.util.Locale.ROOT));
            line.put("reference", p.referenceSolution().isPresent());
            out.println(json.writeValueAsString(line));
        }
        out.flush();
        return 0;
    }
}
