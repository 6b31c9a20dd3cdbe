package org.rlanything.alfworld.gen;

import java.nio.file.Path;
import java.util.OptionalInt;

class DumpSample {
    public static void main(String[] args) {
        GameGenerator g = new GameGenerator(GenFixtures.catalog(), GenFixtures.rooms(), GenFixtures.logic(),
                (game, max) -> OptionalInt.of(1), 40);
        long t = System.nanoTime();
        var games = g.generateAll(7, Integer.parseInt(args[0]));
        System.out.println("ms " + (System.nanoTime() - t) / 1e6);
        for (var game : games.subList(0, Math.min(12, games.size()))) {
            System.out.println(game.folder() + " | " + game.scene().goal().text() + " objs=" + game.scene().objects().size());
        }
        games.get(0).file().writeTo(Path.of("/tmp/gen-sample"));
    }
}
