package dev.dynalens.service.aws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dynalens.domain.connection.AwsProfileSummary;
import dev.dynalens.domain.connection.AwsProfileSummary.Kind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SdkAwsEnvironmentTest {
    private static final List<String> SECRETS = List.of("AKIAEXAMPLEDEFAULTKEY", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
            "SESSIONTOKENSECRETVALUE", "AKIASTATICONLYKEY", "STATICONLYSECRET", "--token SUPERSECRETPROCESSARG",
            "SUPERSECRETPROCESSARG", "111122223333", "https://example.awsapps.com/start", "arn:aws:iam::123456789012:role/Admin");

    @TempDir
    Path home;

    private SdkAwsEnvironment environment() throws IOException {
        var config = Files.writeString(home.resolve("config"), """
                [default]
                region = eu-west-1

                [profile sso-user]
                sso_session = my-sso
                sso_account_id = 111122223333
                sso_role_name = ReadOnly
                region = us-east-1

                [sso-session my-sso]
                sso_start_url = https://example.awsapps.com/start
                sso_region = us-east-1
                sso_registration_scopes = sso:account:access

                [profile legacy-sso]
                sso_start_url = https://legacy.awsapps.com/start
                sso_region = us-east-1
                sso_account_id = 444455556666
                sso_role_name = Admin

                [profile admin]
                role_arn = arn:aws:iam::123456789012:role/Admin
                source_profile = default
                region = us-west-2

                [profile vault]
                credential_process = /usr/local/bin/vault-creds --token SUPERSECRETPROCESSARG

                [profile ci]
                role_arn = arn:aws:iam::123456789012:role/ci
                web_identity_token_file = /var/run/secrets/token

                [profile plain]
                output = json
                """);
        var credentials = Files.writeString(home.resolve("credentials"), """
                [default]
                aws_access_key_id = AKIAEXAMPLEDEFAULTKEY
                aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY
                aws_session_token = SESSIONTOKENSECRETVALUE

                [static-only]
                aws_access_key_id = AKIASTATICONLYKEY
                aws_secret_access_key = STATICONLYSECRET
                """);
        return new SdkAwsEnvironment(config, credentials);
    }

    @Test
    void profiles_areClassifiedByTheirCredentialSettings() throws IOException {
        var kinds = environment().profiles().stream()
                .collect(Collectors.toMap(AwsProfileSummary::name, AwsProfileSummary::kind));

        assertEquals(Map.of(
                "default", Kind.STATIC_KEYS,
                "sso-user", Kind.SSO,
                "legacy-sso", Kind.SSO,
                "admin", Kind.ASSUME_ROLE,
                "vault", Kind.CREDENTIAL_PROCESS,
                "ci", Kind.WEB_IDENTITY,
                "plain", Kind.OTHER,
                "static-only", Kind.STATIC_KEYS), kinds);
    }

    @Test
    void profiles_defaultFirstThenByName_withTheirRegions() throws IOException {
        var profiles = environment().profiles();

        assertEquals(List.of("default", "admin", "ci", "legacy-sso", "plain", "sso-user", "static-only", "vault"),
                profiles.stream().map(AwsProfileSummary::name).toList());
        assertEquals("eu-west-1", profiles.get(0).region(), "config and credentials of one profile are merged");
        assertEquals("us-west-2", profiles.get(1).region());
        assertEquals(null, profiles.get(4).region());
    }

    @Test
    void profiles_neverCarryASecret() throws IOException {
        var everything = new ArrayList<String>();
        for (var profile : environment().profiles()) {
            everything.add(profile.toString());
            everything.add(profile.name());
            everything.add(String.valueOf(profile.region()));
        }
        var text = String.join("\n", everything);

        for (var secret : SECRETS) {
            assertFalse(text.contains(secret), "a summary shows " + secret);
        }
    }

    @Test
    void missingFiles_meanNoProfiles() {
        assertEquals(List.of(), new SdkAwsEnvironment(home.resolve("nope"), null).profiles());
    }

    @Test
    void regions_sortedWithoutGlobalPseudoRegions() {
        var regions = new SdkAwsEnvironment(home.resolve("nope"), null).regions();

        assertTrue(regions.contains("us-east-1"));
        assertTrue(regions.contains("eu-central-1"));
        assertFalse(regions.contains("aws-global"));
        assertEquals(regions.stream().sorted().toList(), regions);
    }

    @Test
    void isKnownRegion_acceptsRealRegionsOnly() {
        var environment = new SdkAwsEnvironment(home.resolve("nope"), null);

        assertTrue(environment.isKnownRegion("eu-west-1"));
        assertTrue(environment.isKnownRegion(" us-east-1 "));
        assertFalse(environment.isKnownRegion("eu-nowhere-9"));
        assertFalse(environment.isKnownRegion("aws-global"));
        assertFalse(environment.isKnownRegion(null));
    }
}
