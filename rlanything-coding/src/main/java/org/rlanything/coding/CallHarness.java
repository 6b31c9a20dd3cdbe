package org.rlanything.coding;

import org.rlanything.coding.sandbox.Language;

/**
 * Turns a function-call test into a program: the solution followed by a small Python harness that
 * parses the arguments, calls the function and exits 0 only when the result equals the expected
 * value.
 *
 * <p>How the arguments are read (APPS call-based data gives them as text, one argument per line):
 * each line is a Python literal ({@code ast.literal_eval}) or, when it is not one, a string. When
 * there are more lines than the function has parameters, the leading lines form the first argument
 * (a string with newlines). Results are compared after turning tuples into lists, as JSON would.
 */
final class CallHarness {

    private CallHarness() {}

    static String program(Language language, String solution, CallTest test) {
        if (language != Language.PYTHON) {
            throw new IllegalArgumentException(
                    "call tests are for Python programs, not " + language);
        }
        return solution
                + "\n\n"
                + "def __rlanything_call():\n"
                + "    import ast, inspect, json, sys\n"
                + "    fn = "
                + test.function()
                + "\n"
                + "    lines = "
                + pythonString(test.arguments())
                + ".split('\\n')\n"
                + "    try:\n"
                + "        n = len(inspect.signature(fn).parameters)\n"
                + "    except (TypeError, ValueError):\n"
                + "        n = len(lines)\n"
                + "    if n >= 1 and len(lines) > n:\n"
                + "        cut = len(lines) - n + 1\n"
                + "        lines = ['\\n'.join(lines[:cut])] + lines[cut:]\n"
                + "    def literal(s):\n"
                + "        try:\n"
                + "            return ast.literal_eval(s)\n"
                + "        except Exception:\n"
                + "            return s\n"
                + "    args = [literal(s) for s in lines] if n > 0 else []\n"
                + "    def plain(v):\n"
                + "        if isinstance(v, (list, tuple)):\n"
                + "            return [plain(x) for x in v]\n"
                + "        if isinstance(v, dict):\n"
                + "            return {k: plain(x) for k, x in v.items()}\n"
                + "        return v\n"
                + "    expected = json.loads("
                + pythonString(test.expectedJson())
                + ")\n"
                + "    got = plain(fn(*args))\n"
                + "    if got != expected:\n"
                + "        print('expected', repr(expected), 'got', repr(got), file=sys.stderr)\n"
                + "        sys.exit(1)\n"
                + "\n"
                + "__rlanything_call()\n";
    }

    /** A Python string literal holding the text exactly (JSON string syntax is valid Python). */
    static String pythonString(String text) {
        try {
            return new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(text);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
