package dev.dynalens.domain;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Inputs written by others, and ours: the seven AWS NoSQL Workbench models (test resources) and the samples. */
public final class RealModels {
    private RealModels() {
    }

    /** The AWS models, then the samples, each set sorted by name. */
    public static List<Path> modelsAndSamples() throws IOException {
        var files = new ArrayList<Path>();
        for (var folder : List.of("domain/src/test/resources/models/aws-dynamodb-examples", "samples")) {
            try (Stream<Path> listed = Files.list(Path.of(folder))) {
                listed.filter(p -> p.toString().endsWith(".json")).sorted().forEach(files::add);
            }
        }
        return files;
    }
}
