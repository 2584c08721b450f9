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

    /** Where the AWS models are, from the repository's root (where the tests run). */
    public static final Path AWS_MODELS = Path.of("domain/src/test/resources/models/aws-dynamodb-examples");

    /** One of the AWS models, as a file. */
    public static Path awsModel(String fileName) {
        return AWS_MODELS.resolve(fileName);
    }

    /** The AWS models, then the samples, each set sorted by name. */
    public static List<Path> modelsAndSamples() throws IOException {
        var files = new ArrayList<Path>();
        for (var folder : List.of(AWS_MODELS, Path.of("samples"))) {
            try (Stream<Path> listed = Files.list(folder)) {
                listed.filter(p -> p.toString().endsWith(".json")).sorted().forEach(files::add);
            }
        }
        return files;
    }
}
