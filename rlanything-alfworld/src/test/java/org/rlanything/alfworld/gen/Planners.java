package org.rlanything.alfworld.gen;

/** The plan oracle the tests use. */
public final class Planners {

    private static GameGenerator generator;

    private Planners() {}

    public static PlanOracle oracle() {
        return EnginePlanOracle.create();
    }

    public static synchronized GameGenerator generator() {
        if (generator == null) {
            generator =
                    new GameGenerator(
                            GenFixtures.catalog(),
                            GenFixtures.rooms(),
                            GenFixtures.logic(),
                            oracle(),
                            GameGenerator.DEFAULT_MAX_STEPS);
        }
        return generator;
    }
}
