package org.rlanything.run.review;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The fields of a {@code trajectories.jsonl} line that the review reads, held to their types: a
 * line written by hand or damaged ({@code "steps": "many"}, a verdict that is text) is named with
 * the file and line (an answer of 400, and {@code review} refuses to start, exit 2), not reported
 * as an internal error of the server (HTTP 500).
 */
final class TrajectoryShape {

    private TrajectoryShape() {}

    /** What is wrong with {@code line}, in words, or null. */
    static String problem(JsonNode line) {
        for (String key : new String[] {"slot"}) {
            if (line.has(key) && !line.get(key).canConvertToExactIntegral()) {
                return "\"" + key + "\" must be an integer";
            }
        }
        if (line.has("won") && !line.get("won").isBoolean()) {
            return "\"won\" must be true or false";
        }
        for (String key : new String[] {"task", "description", "role"}) {
            if (line.has(key) && !line.get(key).isTextual() && !line.get(key).isNull()) {
                return "\"" + key + "\" must be a string";
            }
        }
        if (!line.has("steps")) {
            return null;
        }
        if (!line.get("steps").isArray()) {
            return "\"steps\" must be a list of steps";
        }
        int index = 0;
        for (JsonNode step : line.get("steps")) {
            String where = "step " + index++ + " of \"steps\"";
            if (!step.isObject()) {
                return where + " must be an object";
            }
            JsonNode verdicts = step.path("verdicts");
            if (!verdicts.isMissingNode() && !verdicts.isNull()) {
                if (!verdicts.isArray()) {
                    return where + ": \"verdicts\" must be a list of numbers";
                }
                for (JsonNode v : verdicts) {
                    if (!v.isNumber()) {
                        return where + ": \"verdicts\" must be a list of numbers, found " + v;
                    }
                }
            }
            if (step.has("action")
                    && !step.get("action").isTextual()
                    && !step.get("action").isNull()) {
                return where + ": \"action\" must be a string";
            }
        }
        return null;
    }
}
