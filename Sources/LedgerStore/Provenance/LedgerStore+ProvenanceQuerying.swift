public import LedgerServices

/// The store answers the provenance port with its own reads (`batches`, `blame`, `diff`).
extension LedgerStore: ProvenanceQuerying {}
