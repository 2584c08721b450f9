/**
 * What the use cases share and no adapter starts: job plumbing ({@link dev.dynalens.usecase.support.Jobs}), the bounded
 * hand-over from a Scan to a load ({@link dev.dynalens.usecase.support.PageFeed}), and a table's last complete read, kept so a
 * later detection reads nothing ({@link dev.dynalens.usecase.support.TableRead},
 * {@link dev.dynalens.usecase.support.TableReads}). The package above holds the use cases themselves, one verb each.
 */
package dev.dynalens.usecase.support;
