/// The hand-computed batches the provenance tests share, at the store and on the binary: `a.csv`
/// (a record over two lines, a rejection, a duplicate command id, a record without one) and `b.csv`,
/// the same bytes and two more records, which continues it.
///
/// seq  order  type       line  command id
///   1  O-1    placed     a:2   c-1
///   2  O-2    placed     a:3   —
///   3  O-1    paid       a:4   c-2
///   4  O-2    cancelled  a:7   c-4       (lines 7–8; a:5 rejected, a:6 a duplicate)
///   5  O-1    shipped    a:9   c-5
///   6  O-1    delivered  b:10  c-6       (b continues a after line 9)
///   7  O-3    placed     b:11  c-7
public enum ProvenanceBatches {
    public static let header = "type,order_id,customer_id,currency,lines,amount,at,command_id,reason\n"
    public static let first =
        header + "place,O-1,C-1,EUR,A-1*2@1000,,2026-03-01T10:00:00Z,c-1,\n"
        + "place,O-2,C-2,USD,B-1*1@500,,2026-03-01T10:01:00Z,,\n" + "pay,O-1,,,,2000,2026-03-01T10:02:00Z,c-2,\n"
        + "pay,O-9,,,,100,2026-03-01T10:03:00Z,c-9,\n" + "pay,O-1,,,,5,2026-03-01T10:04:00Z,c-2,\n"
        + "cancel,O-2,,,,,2026-03-01T10:06:00Z,c-4,\"late\nagain\"\n" + "ship,O-1,,,,,2026-03-01T10:07:00Z,c-5,\n"
    public static let second =
        first + "deliver,O-1,,,,,2026-03-01T10:08:00Z,c-6,\n" + "place,O-3,C-1,EUR,A-1*1@700,,2026-03-02T09:00:00Z,c-7,\n"
}
