package dev.dynalens.service.aws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.dynalens.domain.connection.CredentialsSource;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.ProfileCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.sso.SsoClient;
import software.amazon.awssdk.services.ssooidc.SsoOidcClient;
import software.amazon.awssdk.services.sts.StsClient;

class AwsDynamoSessionFactoryTest {

    @Test
    void localPlaceholder_usesTheFixedPlaceholderKeys() {
        var provider = assertInstanceOf(StaticCredentialsProvider.class,
                AwsDynamoSessionFactory.credentialsProvider(new CredentialsSource.LocalPlaceholder()));

        var credentials = provider.resolveCredentials();
        assertEquals(CredentialsSource.LocalPlaceholder.ACCESS_KEY_ID, credentials.accessKeyId());
        assertEquals(CredentialsSource.LocalPlaceholder.SECRET_ACCESS_KEY, credentials.secretAccessKey());
    }

    @Test
    void profile_usesTheSdksProfileProvider() {
        assertInstanceOf(ProfileCredentialsProvider.class,
                AwsDynamoSessionFactory.credentialsProvider(new CredentialsSource.Profile("work")));
    }

    @Test
    void defaultChain_usesTheSdksDefaultProvider() {
        assertInstanceOf(DefaultCredentialsProvider.class,
                AwsDynamoSessionFactory.credentialsProvider(new CredentialsSource.DefaultChain()));
    }

    /**
     * SSO and assume-role profiles make the SDK build synchronous SSO, SSO-OIDC and STS clients of its own.
     * Those need a synchronous HTTP client on the classpath, which the DynamoDB client (Netty) does not bring.
     */
    @Test
    void ssoAndAssumeRoleProfiles_findASynchronousHttpClient() {
        try (var sts = StsClient.builder().region(Region.US_EAST_1).credentialsProvider(AnonymousCredentialsProvider.create()).build();
             var sso = SsoClient.builder().region(Region.US_EAST_1).credentialsProvider(AnonymousCredentialsProvider.create()).build();
             var oidc = SsoOidcClient.builder().region(Region.US_EAST_1).credentialsProvider(AnonymousCredentialsProvider.create()).build()) {
            assertEquals("sts", sts.serviceName());
            assertEquals("awsssoportal", sso.serviceName());
            assertEquals("sso-oauth", oidc.serviceName());
        }
    }
}
