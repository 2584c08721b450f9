package dev.dynalens.domain.inference;

/** A key template, rendered ({@code CUSTOMER#{}}), and how many items have it. */
public record TemplateCount(String template, long count) {
}
