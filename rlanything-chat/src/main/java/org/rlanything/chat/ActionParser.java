package org.rlanything.chat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.text.similarity.LevenshteinDistance;

/**
 * Reads one action out of a policy model's reply and maps it to an admissible command.
 *
 * <p><b>The answer.</b> Read after any {@code <think>...</think>} block: the text inside the last
 * {@code \boxed{...}} (braces balanced); without one, the last non-empty line, less a leading
 * {@code Action:}/{@code >}, quotes, backticks and a final period.
 *
 * <p><b>The command</b>, tried in order: {@link Match#EXACT} (after trimming); {@link
 * Match#NORMALIZED} (lower case, punctuation and repeated spaces dropped, also with all spaces
 * dropped: {@code Go to countertop1.} is {@code go to countertop 1}); {@link Match#INDEX}, a number
 * read as the 1-based position in the numbered list the prompt shows (out of range: no action); for
 * {@code 3. go to drawer 1} the text after the number is matched first (it names the command more
 * surely than its position) and the number is used only when the text matches nothing; {@link
 * Match#CLOSEST}, the admissible command with the smallest edit distance on the normalized texts,
 * if its similarity is at least {@value #MIN_SIMILARITY}, it has the same numbers as the answer (so
 * {@code drawer 3} never becomes {@code drawer 1}) and no other command is as close. Otherwise
 * {@link Match#NONE}: the step sends the empty command, which the environment answers with "Nothing
 * happens." (ALFWorld) and counts as a step. With no admissible list (free-text environments) the
 * answer itself is the command ({@link Match#FREE_TEXT}).
 */
public final class ActionParser {

    /** The least similarity (1 - edit distance / longer length) a closest match needs. */
    public static final double MIN_SIMILARITY = 0.8;

    private static final Pattern NUMBER = Pattern.compile("\\d+");
    private static final Pattern LISTED = Pattern.compile("^(\\d+)\\s*[.):]\\s*(.+)$");
    private static final Pattern PREFIX =
            Pattern.compile("^(?i)(final\\s+)?(action|answer|command)\\s*[:：]\\s*");

    /** How the answer was mapped. */
    public enum Match {
        EXACT,
        NORMALIZED,
        INDEX,
        CLOSEST,
        FREE_TEXT,
        NONE
    }

    /**
     * A parsed reply.
     *
     * @param answer the answer read from the reply, or the empty string when there is none
     * @param command the command to send; the empty string for {@link Match#NONE}
     * @param match how it was mapped
     */
    public record Parsed(String answer, String command, Match match) {
        public Parsed {
            Objects.requireNonNull(answer, "answer");
            Objects.requireNonNull(command, "command");
            Objects.requireNonNull(match, "match");
        }

        public boolean usable() {
            return match != Match.NONE;
        }
    }

    private ActionParser() {}

    /** Parses {@code reply} against {@code admissible}. */
    public static Parsed parse(String reply, List<String> admissible) {
        String answer = answer(reply == null ? "" : Texts.withoutThinking(reply));
        if (answer.isEmpty()) {
            return new Parsed("", "", Match.NONE);
        }
        if (admissible.isEmpty()) {
            return new Parsed(answer, answer, Match.FREE_TEXT);
        }
        Parsed direct = byText(answer, answer, admissible);
        if (direct != null) {
            return direct;
        }
        Matcher listed = LISTED.matcher(answer);
        if (listed.matches()) {
            Parsed rest = byText(answer, listed.group(2).strip(), admissible);
            if (rest == null) {
                rest = closest(answer, listed.group(2).strip(), admissible);
            }
            return rest.usable() ? rest : byIndex(answer, listed.group(1), admissible);
        }
        if (NUMBER.matcher(answer).matches()) {
            return byIndex(answer, answer, admissible);
        }
        return closest(answer, answer, admissible);
    }

    /** The answer text of a reply (see the class comment), stripped; empty when there is none. */
    static String answer(String reply) {
        String boxed = lastBoxed(reply);
        String text;
        if (boxed != null) {
            text = boxed;
        } else {
            String[] lines = reply.strip().split("\\R");
            text = lines.length == 0 ? "" : lines[lines.length - 1];
        }
        text = text.strip();
        text = PREFIX.matcher(text).replaceFirst("");
        text = text.replaceAll("^[>`\"'*\\s]+", "").replaceAll("[`\"'*\\s]+$", "");
        while (text.endsWith(".")) {
            text = text.substring(0, text.length() - 1);
        }
        return text.strip();
    }

    /** The contents of the last {@code \boxed{...}}, braces balanced, or null. */
    static String lastBoxed(String text) {
        int open = text.lastIndexOf("\\boxed{");
        while (open >= 0) {
            int depth = 0;
            int start = open + "\\boxed{".length();
            for (int i = start - 1; i < text.length(); i++) {
                char c = text.charAt(i);
                if (c == '{') {
                    depth++;
                } else if (c == '}' && --depth == 0) {
                    return text.substring(start, i);
                }
            }
            open = text.lastIndexOf("\\boxed{", open - 1); // unclosed: try an earlier one
        }
        return null;
    }

    private static Parsed byText(String answer, String text, List<String> admissible) {
        for (String command : admissible) {
            if (command.strip().equals(text)) {
                return new Parsed(answer, command, Match.EXACT);
            }
        }
        String norm = normalize(text);
        String squeezed = norm.replace(" ", "");
        for (String command : admissible) {
            String n = normalize(command);
            if (n.equals(norm) || n.replace(" ", "").equals(squeezed)) {
                return new Parsed(answer, command, Match.NORMALIZED);
            }
        }
        return null;
    }

    private static Parsed byIndex(String answer, String number, List<String> admissible) {
        try {
            int index = Integer.parseInt(number);
            if (index >= 1 && index <= admissible.size()) {
                return new Parsed(answer, admissible.get(index - 1), Match.INDEX);
            }
        } catch (NumberFormatException e) {
            // too long to be an index
        }
        return new Parsed(answer, "", Match.NONE);
    }

    private static Parsed closest(String answer, String text, List<String> admissible) {
        String norm = normalize(text);
        List<String> numbers = numbers(norm);
        String best = null;
        double bestSimilarity = -1;
        boolean tie = false;
        for (String command : admissible) {
            String n = normalize(command);
            if (!numbers(n).equals(numbers)) {
                continue;
            }
            double similarity =
                    1
                            - (double) LevenshteinDistance.getDefaultInstance().apply(norm, n)
                                    / Math.max(1, Math.max(norm.length(), n.length()));
            if (similarity > bestSimilarity) {
                best = command;
                bestSimilarity = similarity;
                tie = false;
            } else if (similarity == bestSimilarity) {
                tie = true;
            }
        }
        if (best != null && !tie && bestSimilarity >= MIN_SIMILARITY) {
            return new Parsed(answer, best, Match.CLOSEST);
        }
        return new Parsed(answer, "", Match.NONE);
    }

    static String normalize(String text) {
        return text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]+", " ").strip();
    }

    private static List<String> numbers(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = NUMBER.matcher(text);
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }
}
