package dev.dynalens.service.sql;

import dev.dynalens.domain.item.Item;
import org.apache.calcite.linq4j.Enumerator;

/**
 * A read that an operator enumerates more than once (the inner side of a nested-loop join, once per row or batch of
 * the outer side), sent to DynamoDB once: the first reader to need an item pulls it from the requests and keeps it,
 * every other reader replays what was kept and pulls on where the others stopped. "Never read a table twice" holds
 * for SQL too. The requests are closed with the run, not with a reader: a reader that stops early (a semi-join's first
 * match) leaves them where they are for the next.
 */
final class ReadOnce implements AutoCloseable {
    private final Enumerator<Item> source;
    private final KeptItems kept;
    private boolean ended;

    ReadOnce(Enumerator<Item> source, KeptItems kept) {
        this.source = source;
        this.kept = kept;
    }

    /** A reader from the first item on. */
    Enumerator<Item> reader() {
        var cursor = kept.cursor();
        return new Enumerator<>() {
            private Item current;

            @Override
            public Item current() {
                return current;
            }

            @Override
            public boolean moveNext() {
                var next = cursor.next();
                if (next != null) {
                    current = next;
                    return true;
                }
                if (ended) {
                    return false;
                }
                if (!source.moveNext()) {
                    ended = true;
                    source.close();
                    return false;
                }
                current = source.current();
                kept.add(current);
                // this reader had read every kept item: the one just kept is the one it returns
                cursor.skip();
                return true;
            }

            @Override
            public void reset() {
                throw new UnsupportedOperationException("A kept read is read again with a new reader");
            }

            @Override
            public void close() {
                // the requests stay open for the next reader; the run closes them
            }
        };
    }

    /** Items kept so far. */
    long size() {
        return kept.size();
    }

    @Override
    public void close() {
        if (!ended) {
            ended = true;
            source.close();
        }
    }
}
