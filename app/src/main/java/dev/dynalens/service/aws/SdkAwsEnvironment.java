package dev.dynalens.service.aws;

import dev.dynalens.domain.connection.AwsProfileSummary;
import dev.dynalens.service.AwsEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import software.amazon.awssdk.profiles.Profile;
import software.amazon.awssdk.profiles.ProfileFile;
import software.amazon.awssdk.regions.Region;

/**
 * Profiles of the AWS config and credentials files, described by kind and region only: the values of
 * keys, session tokens and SSO settings never leave this class.
 */
public final class SdkAwsEnvironment implements AwsEnvironment {
    private final Supplier<ProfileFile> profileFile;

    /** The files the AWS CLI uses: ~/.aws/config and ~/.aws/credentials, or AWS_CONFIG_FILE / AWS_SHARED_CREDENTIALS_FILE. */
    public SdkAwsEnvironment() {
        // Read on every call, so a profile added with `aws configure` shows up without a restart.
        this(ProfileFile::defaultProfileFile);
    }

    /** Explicit files; either may be null or missing. */
    public SdkAwsEnvironment(Path configFile, Path credentialsFile) {
        this(() -> {
            var aggregator = ProfileFile.aggregator();
            if (configFile != null && Files.isRegularFile(configFile)) {
                aggregator.addFile(ProfileFile.builder().content(configFile).type(ProfileFile.Type.CONFIGURATION).build());
            }
            if (credentialsFile != null && Files.isRegularFile(credentialsFile)) {
                aggregator.addFile(ProfileFile.builder().content(credentialsFile).type(ProfileFile.Type.CREDENTIALS).build());
            }
            return aggregator.build();
        });
    }

    SdkAwsEnvironment(Supplier<ProfileFile> profileFile) {
        this.profileFile = profileFile;
    }

    @Override
    public List<AwsProfileSummary> profiles() {
        return profileFile.get().profiles().values().stream()
                .map(SdkAwsEnvironment::summarize)
                .sorted(Comparator.comparing((AwsProfileSummary p) -> !p.name().equals("default"))
                        .thenComparing(AwsProfileSummary::name))
                .toList();
    }

    static AwsProfileSummary summarize(Profile profile) {
        return new AwsProfileSummary(profile.name(), kind(profile.properties()), profile.properties().get("region"));
    }

    /** Which kind of credentials a profile yields, by the settings the AWS CLI documents for each. */
    static AwsProfileSummary.Kind kind(Map<String, String> properties) {
        if (properties.containsKey("sso_session") || properties.containsKey("sso_start_url")) {
            return AwsProfileSummary.Kind.SSO;
        }
        if (properties.containsKey("web_identity_token_file")) {
            return AwsProfileSummary.Kind.WEB_IDENTITY;
        }
        if (properties.containsKey("role_arn")) {
            return AwsProfileSummary.Kind.ASSUME_ROLE;
        }
        if (properties.containsKey("credential_process")) {
            return AwsProfileSummary.Kind.CREDENTIAL_PROCESS;
        }
        if (properties.containsKey("aws_access_key_id")) {
            return AwsProfileSummary.Kind.STATIC_KEYS;
        }
        return AwsProfileSummary.Kind.OTHER;
    }

    @Override
    public List<String> regions() {
        return Region.regions().stream()
                .filter(region -> !region.isGlobalRegion())
                .map(Region::id)
                .filter(id -> !id.contains("fips"))
                .sorted()
                .toList();
    }

    @Override
    public boolean isKnownRegion(String region) {
        return region != null && regions().contains(region.strip());
    }
}
