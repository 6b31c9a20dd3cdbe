package org.rlanything.it.contract;

import java.util.List;
import org.rlanything.testfixtures.SharedData;

/**
 * A run configuration that builds some kinds together for their contract tests: an environment kind
 * with a policy and a reward model that work in it, at small sizes, with the real outside parts
 * (the shared data, the coding sandbox, headless Chromium, the fake chat server, a small neural
 * model). {@link #freeText} are the answers played in an environment that takes free text.
 */
enum Rig {
    KEYLOCK_TABULAR(List.of()) {
        @Override
        String yaml() {
            return keylock("{kind: tabular}", "{kind: tabular}");
        }
    },
    KEYLOCK_RANDOM(List.of()) {
        @Override
        String yaml() {
            return keylock("{kind: random}", "{kind: label}");
        }
    },
    KEYLOCK_LABEL(List.of()) {
        @Override
        String yaml() {
            return keylock("{kind: tabular}", "{kind: label, flip_probability: 0.2}");
        }
    },
    KEYLOCK_OPENAI(List.of()) {
        @Override
        String yaml() {
            String endpoint =
                    "{kind: openai, base_url: \""
                            + ContractResources.chatBaseUrl()
                            + "\", model: seeded, timeout_s: 10}";
            return keylock(endpoint, endpoint);
        }
    },
    KEYLOCK_NEURAL(List.of()) {
        @Override
        String yaml() {
            String init = ContractResources.modelFolder().toString();
            return keylock(
                    "{kind: neural, init: \""
                            + init
                            + "\", max_prompt_tokens: 100, max_tokens: 16}",
                    "{kind: neural, init: \"" + init + "\", max_tokens: 8, lora_rank: 2}");
        }
    },
    KEYLOCK_LINEAR(List.of()) {
        @Override
        String yaml() {
            return keylock(
                    "{kind: linear, hash_dimension: 64}", "{kind: linear, hash_dimension: 64}");
        }
    },
    RUNGS(List.of()) {
        @Override
        String yaml() {
            return "environment: {kind: rungs, pool_size: 4, max_steps: 6, max_rungs: 3}\n"
                    + "policy: {kind: stepper}\n"
                    + "reward_model: {kind: echo_judge, noise: 0.0}\n";
        }
    },
    MINIWOB(List.of()) {
        @Override
        String yaml() {
            return "environment: {kind: miniwob, pages: \""
                    + SharedData.require("miniwob/html/miniwob")
                    + "\", train: [click-button, click-link], eval: [], pool_size: 2,"
                    + " max_steps: 6, browsers: 1}\n"
                    + "policy: {kind: element}\n"
                    + "reward_model: {kind: element}\n";
        }
    },
    ALFWORLD(List.of()) {
        @Override
        String yaml() {
            SharedData.require("alfworld/games");
            return "environment: {kind: alfworld, pool_size: 2, max_steps: 8,"
                    + " eval_generated_games: 0, eval_real_games: false}\n"
                    + "reward_model: {kind: label}\n";
        }
    },
    PDDL(List.of()) {
        @Override
        String yaml() {
            return "environment: {kind: pddl, problems: \""
                    + SharedData.require("pddl/blocks").resolve("probBLOCKS-4-*.pddl")
                    + "\", held_out: \""
                    + SharedData.require("pddl/blocks").resolve("probBLOCKS-5-0.pddl")
                    + "\", pool_size: 4, max_steps: 8}\n"
                    + "reward_model: {kind: label}\n";
        }
    },
    /** The PDDL planner played as the policy ({@code policy.kind: demonstrator}). */
    PDDL_DEMONSTRATOR(List.of()) {
        @Override
        String yaml() {
            return PDDL.yaml() + "policy: {kind: demonstrator}\n";
        }
    },
    CODING(List.of("```python\nprint(input())\n```", "```python\nprint(4)\n```")) {
        @Override
        String yaml() {
            return "environment: {kind: coding, data: \""
                    + SharedData.require("coding/apps150/apps_subset.jsonl")
                    + "\", ids: \"1607\", max_tests: 4, workers: 1}\n"
                    + "reward_model: {kind: label}\n";
        }
    },
    REMOTE(List.of()) {
        @Override
        String yaml() {
            return "environment: {kind: remote, command: \"python3 "
                    + java.nio.file.Path.of("../rlanything-remote/python/examples/blocks.py")
                            .toAbsolutePath()
                            .normalize()
                    + "\", pool_size: 2, eval_tasks: 0, max_steps: 8}\n"
                    + "policy: {kind: openai, base_url: \""
                    + ContractResources.chatBaseUrl()
                    + "\", model: seeded, timeout_s: 10}\n"
                    + "reward_model: {kind: label}\n";
        }
    },
    CODING_MINI(List.of("add", "swap add")) {
        @Override
        String yaml() {
            return "environment: {kind: coding-mini, pool_size: 2, eval_problems: 1,"
                    + " eval_rollouts: 1, eval_tests: 2}\n"
                    + "reward_model: {kind: label}\n";
        }
    };

    private final List<String> freeText;

    Rig(List<String> freeText) {
        this.freeText = freeText;
    }

    /** The run configuration (made when first asked, so a rig's outside parts start on use). */
    abstract String yaml();

    /** The answers to play, in turn, where the environment offers no admissible commands. */
    List<String> freeText() {
        return freeText;
    }

    private static String keylock(String policy, String rewardModel) {
        return "environment: {kind: keylock, pool_size: 4, max_steps: 12, min_doors: 2,"
                + " max_doors: 3}\n"
                + "policy: "
                + policy
                + "\nreward_model: "
                + rewardModel
                + "\n";
    }
}
