// A single-threaded fold of an orders store's log into every read model, written as the peer of
// `orders rebuild` in tools/bench-peers.sh: what a C program over LMDB does with dense numbers and
// prefetching. It opens the store read-only, scans the `log` database with a cursor, decodes each
// event in the fixed layout of Sources/LedgerStore/Codec/EventLayout.swift, folds it as
// ReadModelFold.apply and OrderService.evolve do, and prints a summary that the script compares
// with `orders stats|revenue|customers|skus --format json` (tools/peers/orders_summary.py).
//   fold STORE
// Output lines: `events N`, `customers N`, `skus N`, `status WORD N` (6 lines),
// `revenue DATE CUR PLACED CANCELLED GROSS CAPTURED REFUNDED` (one per day and currency, in key
// order), then the sums over the customers' and the skus' rows: `customer_totals`, `sku_totals`
// and a `currency_totals` line per currency. Money sums are 128-bit, as the read models' are.
#include <lmdb.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Field offsets of a logged event (EventLayout): all little-endian.
enum {
    KIND = 0, FLAGS = 1, LINE_COUNT = 2, ORDER = 4, VERSION = 8, CUSTOMER = 12, AT = 16, AMOUNT = 24,
    CURRENCY = 32, ITEM_COUNT = 36, PREVIOUS_SEQ = 44, HEADER = 52, LINE_SIZE = 16
};
enum { PLACED = 1, PAID, SHIPPED, DELIVERED, CANCELLED, REFUNDED };
// Order statuses, as OrderStatus's raw values.
enum { S_PLACED = 1, S_PARTIALLY_PAID, S_PAID, S_SHIPPED, S_DELIVERED, S_CANCELLED };
static const char *const status_words[] = {"", "placed", "partially_paid", "paid", "shipped", "delivered", "cancelled"};

// Currencies get dense slots as they appear; every row keeps one amount per slot.
#define MAX_CURRENCIES 16
// How many events ahead of the fold the scan reads, to start loading their orders' states.
#define LOOKAHEAD 16

typedef __int128 i128;

struct order {
    const unsigned char *placed_lines;  // the lines of its `placed` event, in the map (valid while the transaction is)
    uint64_t last_seq;
    int64_t total, paid, refunded;
    uint32_t customer, version;
    uint16_t line_count;
    uint8_t status, currency;
};

struct revenue_row { int64_t placed, cancelled; i128 gross, captured, refunded; };

static struct order *orders;
static int64_t *customer_counts;  // orders, open orders, cancelled: 3 per customer
static int64_t *customer_net;     // MAX_CURRENCIES per customer
static int64_t *sku_units;        // units ordered, units cancelled: 2 per sku
static int64_t *sku_revenue;      // MAX_CURRENCIES per sku
static size_t order_count, customer_count, sku_count, placed_count;
static uint32_t currencies[MAX_CURRENCIES];
static int currency_count;
static int64_t status_counts[7];
// Revenue rows for days [first_day, first_day + days), MAX_CURRENCIES per day; grown as days appear
// (dense over the days a log spans: a batch's days are consecutive).
static struct revenue_row *revenue;
static int64_t first_day, days;

static void fail(const char *what, uint64_t seq) {
    fprintf(stderr, "fold: %s (seq %llu)\n", what, (unsigned long long)seq);
    exit(1);
}

static void check(int rc, const char *what) {
    if (rc != 0) { fprintf(stderr, "fold: %s: %s\n", what, mdb_strerror(rc)); exit(1); }
}

static void *zeroed(size_t count, size_t size) {
    void *memory = calloc(count ? count : 1, size);
    if (!memory) { fprintf(stderr, "fold: out of memory\n"); exit(1); }
    return memory;
}

// Unaligned little-endian loads (x86-64 and arm64 are little-endian; memcpy compiles to one load).
static inline uint16_t u16(const unsigned char *p) { uint16_t v; memcpy(&v, p, 2); return v; }
static inline uint32_t u32(const unsigned char *p) { uint32_t v; memcpy(&v, p, 4); return v; }
static inline uint64_t u64(const unsigned char *p) { uint64_t v; memcpy(&v, p, 8); return v; }
static inline int64_t i64(const unsigned char *p) { int64_t v; memcpy(&v, p, 8); return v; }

static uint64_t big_endian_seq(const MDB_val *key, uint64_t seq) {
    if (key->mv_size != 8) fail("a log key is not 8 bytes", seq);
    return __builtin_bswap64(u64(key->mv_data));
}

static int currency_slot(uint32_t packed, uint64_t seq) {
    for (int slot = 0; slot < currency_count; slot++)
        if (currencies[slot] == packed) return slot;
    if (currency_count == MAX_CURRENCIES) fail("more currencies than the fold has slots for", seq);
    currencies[currency_count] = packed;
    return currency_count++;
}

// The revenue row of `day` in currency `slot`, growing the day range (by at least half) to hold it.
static struct revenue_row *revenue_row(int64_t day, int slot) {
    if (days == 0 || day < first_day || day >= first_day + days) {
        int64_t low = days == 0 ? day : (day < first_day ? day - days / 2 : first_day);
        int64_t high = days == 0 ? day + 1 : (day >= first_day + days ? day + 1 + days / 2 : first_day + days);
        struct revenue_row *grown = zeroed((size_t)(high - low) * MAX_CURRENCIES, sizeof *grown);
        if (days) memcpy(grown + (first_day - low) * MAX_CURRENCIES, revenue, (size_t)days * MAX_CURRENCIES * sizeof *grown);
        free(revenue);
        revenue = grown;
        first_day = low;
        days = high - low;
    }
    return &revenue[(day - first_day) * MAX_CURRENCIES + slot];
}

static int64_t day_of(int64_t milliseconds) {
    int64_t day = milliseconds / 86400000;
    return milliseconds % 86400000 < 0 ? day - 1 : day;
}

// The sku rows' share of a placed (sign 1) or cancelled (sign -1) order's lines.
static void fold_lines(const unsigned char *lines, unsigned count, int slot, int sign) {
    for (unsigned index = 0; index < count; index++, lines += LINE_SIZE) {
        uint32_t sku = u32(lines);
        int64_t quantity = u32(lines + 4);
        sku_units[2 * (size_t)sku + (sign > 0 ? 0 : 1)] += quantity;
        sku_revenue[(size_t)sku * MAX_CURRENCIES + slot] += sign * quantity * i64(lines + 8);
    }
}

static void place(const unsigned char *event, size_t size, uint64_t seq, uint32_t number) {
    if (number != placed_count) fail("an order is placed out of number order", seq);
    placed_count++;
    unsigned line_count = u16(event + LINE_COUNT);
    uint32_t customer = u32(event + CUSTOMER);
    if (u32(event + VERSION) != 1 || u64(event + PREVIOUS_SEQ) != 0) fail("a placed event is not its order's first", seq);
    if (customer >= customer_count) fail("a customer number has no id", seq);
    if (line_count == 0 || size < HEADER + (size_t)line_count * LINE_SIZE) fail("a placed event's lines do not fit", seq);
    const unsigned char *lines = event + HEADER;
    int64_t total = 0;
    for (const unsigned char *line = lines; line < lines + line_count * LINE_SIZE; line += LINE_SIZE) {
        if (u32(line) >= sku_count) fail("a sku number has no id", seq);
        total += (int64_t)u32(line + 4) * i64(line + 8);
    }
    int64_t amount = i64(event + AMOUNT);
    if (total != amount) fail("a placed event's lines do not add up to its amount", seq);
    int slot = currency_slot(u32(event + CURRENCY), seq);
    struct order *order = &orders[number];
    if (order->version != 0) fail("an order is placed twice", seq);
    *order = (struct order){lines, seq, amount, 0, 0, customer, 1, (uint16_t)line_count, S_PLACED, (uint8_t)slot};
    customer_counts[3 * customer] += 1;
    customer_counts[3 * customer + 1] += 1;
    struct revenue_row *row = revenue_row(day_of(i64(event + AT)), slot);
    row->placed += 1;
    row->gross += amount;
    fold_lines(lines, line_count, slot, 1);
    status_counts[S_PLACED] += 1;
}

static void advance(const unsigned char *event, uint64_t seq, uint32_t number, unsigned kind) {
    struct order *order = &orders[number];
    if (order->version == 0) fail("an event names an order never placed", seq);
    if (u32(event + VERSION) != order->version + 1 || u64(event + PREVIOUS_SEQ) != order->last_seq)
        fail("an order's stream is broken", seq);
    int64_t amount = i64(event + AMOUNT);
    uint32_t customer = order->customer;
    int slot = order->currency;
    struct revenue_row *row = NULL;
    unsigned before = order->status;
    switch (kind) {
    case PAID:
        order->paid += amount;
        order->status = order->paid == order->total ? S_PAID : S_PARTIALLY_PAID;
        customer_net[(size_t)customer * MAX_CURRENCIES + slot] += amount;
        revenue_row(day_of(i64(event + AT)), slot)->captured += amount;
        break;
    case SHIPPED:
        order->status = S_SHIPPED;
        break;
    case DELIVERED:
        order->status = S_DELIVERED;
        customer_counts[3 * customer + 1] -= 1;
        break;
    case CANCELLED:
        order->status = S_CANCELLED;
        order->refunded += amount;
        customer_counts[3 * customer + 1] -= 1;
        customer_counts[3 * customer + 2] += 1;
        customer_net[(size_t)customer * MAX_CURRENCIES + slot] -= amount;
        row = revenue_row(day_of(i64(event + AT)), slot);
        row->cancelled += 1;
        row->refunded += amount;
        fold_lines(order->placed_lines, order->line_count, slot, -1);
        break;
    case REFUNDED:
        order->refunded += amount;
        customer_net[(size_t)customer * MAX_CURRENCIES + slot] -= amount;
        revenue_row(day_of(i64(event + AT)), slot)->refunded += amount;
        break;
    }
    order->version += 1;
    order->last_seq = seq;
    if (before != order->status) { status_counts[before] -= 1; status_counts[order->status] += 1; }
}

static void fold(const MDB_val *key, const MDB_val *value, uint64_t expected_seq) {
    uint64_t seq = big_endian_seq(key, expected_seq);
    if (seq != expected_seq) fail("the log skips a seq", seq);
    if (value->mv_size < HEADER) fail("an event is shorter than its header", seq);
    const unsigned char *event = value->mv_data;
    uint32_t number = u32(event + ORDER);
    if (number >= order_count) fail("an order number has no id", seq);
    unsigned kind = event[KIND];
    if (kind < PLACED || kind > REFUNDED) fail("an event has an unknown kind", seq);
    if (kind == PLACED) place(event, value->mv_size, seq, number);
    else advance(event, seq, number, kind);
}

// The entries of a named database (the id dictionaries' counts bound the dense numbers).
static size_t entries(MDB_txn *txn, const char *name) {
    MDB_dbi dbi;
    MDB_stat stat;
    check(mdb_dbi_open(txn, name, 0, &dbi), name);
    check(mdb_stat(txn, dbi, &stat), name);
    return stat.ms_entries;
}

// Writes a 128-bit integer in decimal.
static void print_i128(i128 value) {
    char digits[48];
    int at = sizeof digits;
    digits[--at] = 0;
    unsigned __int128 magnitude = value < 0 ? -(unsigned __int128)value : (unsigned __int128)value;
    do { digits[--at] = '0' + (int)(magnitude % 10); magnitude /= 10; } while (magnitude);
    if (value < 0) digits[--at] = '-';
    fputs(digits + at, stdout);
}

// Days since 1970-01-01 as a proleptic Gregorian date (Howard Hinnant's civil_from_days).
static void print_date(int64_t day) {
    int64_t z = day + 719468, era = (z >= 0 ? z : z - 146096) / 146097;
    int64_t doe = z - era * 146097, yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100), mp = (5 * doy + 2) / 153;
    int64_t d = doy - (153 * mp + 2) / 5 + 1, m = mp < 10 ? mp + 3 : mp - 9, y = yoe + era * 400 + (m <= 2);
    printf("%04lld-%02lld-%02lld", (long long)y, (long long)m, (long long)d);
}

static void currency_code(uint32_t packed, char code[4]) {
    code[0] = (char)packed, code[1] = (char)(packed >> 8), code[2] = (char)(packed >> 16), code[3] = 0;
}

static void summarise(uint64_t events) {
    size_t customers = 0, skus = 0;
    for (size_t c = 0; c < customer_count; c++) customers += customer_counts[3 * c] > 0;
    for (size_t s = 0; s < sku_count; s++) skus += sku_units[2 * s] > 0;
    printf("events %llu\ncustomers %zu\nskus %zu\n", (unsigned long long)events, customers, skus);
    for (int status = S_PLACED; status <= S_CANCELLED; status++)
        printf("status %s %lld\n", status_words[status], (long long)status_counts[status]);
    // Currencies in code order, as the revenue read model's keys sort.
    int order[MAX_CURRENCIES];
    for (int slot = 0; slot < currency_count; slot++) {
        int at = slot;
        while (at > 0 && __builtin_bswap32(currencies[order[at - 1]]) > __builtin_bswap32(currencies[slot])) {
            order[at] = order[at - 1];
            at--;
        }
        order[at] = slot;
    }
    char code[4];
    for (int64_t day = 0; day < days; day++)
        for (int index = 0; index < currency_count; index++) {
            const struct revenue_row *row = &revenue[day * MAX_CURRENCIES + order[index]];
            if (row->placed == 0 && row->cancelled == 0 && row->gross == 0 && row->captured == 0 && row->refunded == 0) continue;
            currency_code(currencies[order[index]], code);
            fputs("revenue ", stdout);
            print_date(first_day + day);
            printf(" %s %lld %lld ", code, (long long)row->placed, (long long)row->cancelled);
            print_i128(row->gross), putchar(' '), print_i128(row->captured), putchar(' '), print_i128(row->refunded);
            putchar('\n');
        }
    int64_t counts[3] = {0}, units[2] = {0};
    for (size_t c = 0; c < customer_count; c++)
        for (int k = 0; k < 3; k++) counts[k] += customer_counts[3 * c + k];
    for (size_t s = 0; s < sku_count; s++) units[0] += sku_units[2 * s], units[1] += sku_units[2 * s + 1];
    printf("customer_totals orders %lld open %lld cancelled %lld\n", (long long)counts[0], (long long)counts[1], (long long)counts[2]);
    printf("sku_totals units_ordered %lld units_cancelled %lld\n", (long long)units[0], (long long)units[1]);
    for (int index = 0; index < currency_count; index++) {
        i128 net = 0, sku_net = 0;
        int slot = order[index];
        for (size_t c = 0; c < customer_count; c++) net += customer_net[c * MAX_CURRENCIES + slot];
        for (size_t s = 0; s < sku_count; s++) sku_net += sku_revenue[s * MAX_CURRENCIES + slot];
        currency_code(currencies[slot], code);
        printf("currency_totals %s customers_net ", code);
        print_i128(net);
        fputs(" skus_revenue ", stdout);
        print_i128(sku_net);
        putchar('\n');
    }
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: fold STORE\n"); return 2; }
    MDB_env *env;
    MDB_txn *txn;
    MDB_dbi log;
    MDB_cursor *cursor;
    check(mdb_env_create(&env), "mdb_env_create");
    check(mdb_env_set_maxdbs(env, 32), "mdb_env_set_maxdbs");
    check(mdb_env_open(env, argv[1], MDB_RDONLY | MDB_NOTLS, 0644), argv[1]);
    check(mdb_txn_begin(env, NULL, MDB_RDONLY, &txn), "mdb_txn_begin");
    order_count = entries(txn, "order_names");
    customer_count = entries(txn, "customer_names");
    sku_count = entries(txn, "sku_names");
    orders = zeroed(order_count, sizeof *orders);
    customer_counts = zeroed(customer_count * 3, sizeof *customer_counts);
    customer_net = zeroed(customer_count * MAX_CURRENCIES, sizeof *customer_net);
    sku_units = zeroed(sku_count * 2, sizeof *sku_units);
    sku_revenue = zeroed(sku_count * MAX_CURRENCIES, sizeof *sku_revenue);
    check(mdb_dbi_open(txn, "log", 0, &log), "log");
    check(mdb_cursor_open(txn, log, &cursor), "mdb_cursor_open");

    // A ring of the next LOOKAHEAD entries: an entry's order state is prefetched when it is read
    // and folded when it leaves the ring, so the fold rarely waits for memory.
    MDB_val keys[LOOKAHEAD], values[LOOKAHEAD];
    int held = 0, first = 0, rc = mdb_cursor_get(cursor, &keys[0], &values[0], MDB_FIRST);
    uint64_t folded = 0, seq = rc == 0 ? big_endian_seq(&keys[0], 0) : 0;
    while (rc == 0 && held < LOOKAHEAD) {
        if (values[held].mv_size >= HEADER) {
            uint32_t number = u32((const unsigned char *)values[held].mv_data + ORDER);
            if (number < order_count) __builtin_prefetch(&orders[number], 1);
        }
        held++;
        if (held < LOOKAHEAD) rc = mdb_cursor_get(cursor, &keys[held], &values[held], MDB_NEXT);
    }
    while (held > 0) {
        fold(&keys[first], &values[first], seq + folded);
        folded++;
        if (rc == 0 && (rc = mdb_cursor_get(cursor, &keys[first], &values[first], MDB_NEXT)) == 0) {
            if (values[first].mv_size >= HEADER) {
                uint32_t number = u32((const unsigned char *)values[first].mv_data + ORDER);
                if (number < order_count) __builtin_prefetch(&orders[number], 1);
            }
        } else {
            held--;
        }
        first = (first + 1) % LOOKAHEAD;
    }
    if (rc != MDB_NOTFOUND && rc != 0) check(rc, "mdb_cursor_get");
    summarise(folded);
    mdb_cursor_close(cursor);
    mdb_txn_abort(txn);
    mdb_env_close(env);
    return 0;
}
