package dev.dynalens.domain.codegen;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The languages {@link CodeGenerators} writes an UpdateItem call in, with the value a command-line option names them by. */
public enum Language {
    /** AWS SDK for Java v2: an {@code UpdateItemRequest} built and sent with a {@code DynamoDbClient}. */
    JAVA("java"),
    /** AWS SDK for JavaScript v3: an {@code UpdateCommand} of {@code @aws-sdk/lib-dynamodb}. */
    JAVASCRIPT("js"),
    /** Python boto3: {@code Table.update_item} of the resource layer. */
    PYTHON("python"),
    /** AWS CLI v2: {@code aws dynamodb update-item}, quoted for bash. */
    CLI("cli");

    private final String optionValue;

    Language(String optionValue) {
        this.optionValue = optionValue;
    }

    /** The name a command-line option uses: {@code java}, {@code js}, {@code python} or {@code cli}. */
    public String optionValue() {
        return optionValue;
    }

    /**
     * The language an option value names (case-insensitive).
     *
     * @throws IllegalArgumentException naming the accepted values
     */
    public static Language fromOptionValue(String value) {
        var wanted = value == null ? "" : value.strip().toLowerCase(Locale.ROOT);
        for (var language : values()) {
            if (language.optionValue.equals(wanted)) {
                return language;
            }
        }
        throw new IllegalArgumentException("Unknown language '" + value + "': use one of "
                + Arrays.stream(values()).map(Language::optionValue).collect(Collectors.joining(", ")));
    }
}
