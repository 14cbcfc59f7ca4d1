//! Generates the attack tables used by `src/attacks.rs`.
//!
//! The tables are plain data computed from the rules of movement, so they are
//! computed here, in ordinary Rust, and written to `$OUT_DIR/attack_tables.rs`
//! as array literals, which `src/attacks.rs` includes. (Computing the 100,000
//! slider entries with `const fn` instead costs several seconds of compile
//! time; literals compile in a fraction of a second.)
//!
//! Squares are indices 0..64 (a1 = 0, h8 = 63) and sets of squares are `u64`
//! masks, as in `Bitboard`; this script cannot use the crate's own types.
//! The tests in `src/attacks.rs` check every generated table against an
//! independent reference implementation.

use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs};

/// (file step, rank step) of each man's moves.
const KNIGHT_DELTAS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_DELTAS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];
const WHITE_PAWN_DELTAS: [(i32, i32); 2] = [(-1, 1), (1, 1)];
const BLACK_PAWN_DELTAS: [(i32, i32); 2] = [(-1, -1), (1, -1)];
const ROOK_DIRS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// Magic factors for rooks, a1 first. Found by random search: see the
/// ignored test `find_magic_factors` in `src/attacks.rs`, which prints them.
#[rustfmt::skip]
const ROOK_FACTORS: [u64; 64] = [
    0x2080_0040_0020_8011, 0x0040_2000_4000_1004, 0x0880_1000_0880_2000, 0x2080_0490_0008_0181,
    0x0280_1800_0280_0400, 0x8200_0104_1082_0008, 0x4200_0082_000c_0958, 0x0180_0440_2080_0100,
    0x0122_0021_0082_0040, 0x0010_8080_2000_4000, 0x0008_8010_0020_0680, 0x2c0b_0010_000a_2101,
    0x1110_8080_0800_0400, 0x0c00_8002_0004_0080, 0x8024_0008_9002_0104, 0x0043_0019_0000_8042,
    0x4080_2080_0040_0081, 0x0010_00c0_2000_4000, 0x0030_0020_2004_0800, 0x0486_0200_0811_4020,
    0x0108_0080_0400_8009, 0x0062_0080_0400_8002, 0x1008_8080_0200_0100, 0x600c_0200_1900_40a4,
    0x0009_0841_0020_8000, 0x1140_4000_8020_0090, 0x1002_2001_0011_0a40, 0x0a08_0008_8010_0080,
    0x0000_0801_0011_0004, 0x0020_a008_0140_0410, 0x8044_9204_0021_4810, 0x0010_0842_0000_ac01,
    0x2028_4004_6180_0184, 0xc850_8040_0980_2008, 0x0002_0080_1200_4024, 0x0090_8800_8280_1002,
    0x4000_8008_0080_0400, 0x4802_0004_0600_3810, 0xc002_0001_0040_4080, 0x0800_1081_0a00_104c,
    0x2200_8020_4000_8000, 0x8810_0040_2000_4000, 0x0020_0080_1008_8020, 0x0000_0822_0042_0010,
    0x0050_0408_0101_0010, 0x0000_0200_0400_8080, 0x0000_0402_0001_0100, 0x0020_2884_0052_0021,
    0x0001_0040_8000_2500, 0x4000_4200_9025_0200, 0x0400_8010_0020_0080, 0x1000_400a_0020_1200,
    0x001d_00c4_0800_1100, 0x4002_0010_0408_0200, 0x0010_1002_2188_0400, 0x20a0_0104_2c40_8200,
    0x4580_0020_c215_0081, 0x0920_1100_8040_0021, 0x0058_1040_2001_0409, 0x0182_0008_2004_4012,
    0x6102_0010_0420_0802, 0x0401_0008_0400_0201, 0x2000_1012_20a8_0104, 0x0090_0400_9040_2102,
];

/// Magic factors for bishops, a1 first (same search).
#[rustfmt::skip]
const BISHOP_FACTORS: [u64; 64] = [
    0x8004_2004_0108_2100, 0x0010_1001_2501_2200, 0x0204_0404_3042_0141, 0x0118_0491_0100_2402,
    0x0081_1040_0220_0026, 0x2104_4420_0405_a08c, 0x3876_0804_4425_2400, 0x0012_004c_0208_0250,
    0x0200_4014_8404_9200, 0x01a4_2508_0084_0482, 0x0023_4240_8101_0400, 0x0400_1814_a102_02e1,
    0x0110_8404_2000_0100, 0x0488_0082_2020_8000, 0x0100_0048_0210_1000, 0xaa08_3024_0208_0504,
    0x0008_4005_2008_0210, 0x0a20_4c02_220e_021c, 0x1802_0030_0922_0022, 0x0e08_0022_2080_900a,
    0x004c_0184_80a0_0040, 0x0802_0323_2084_2010, 0x0020_4080_8804_1008, 0x0410_2802_0082_0810,
    0x0104_1160_4010_2120, 0x8010_2200_0408_0220, 0x1008_4804_0108_0100, 0x0c12_0800_1008_1020,
    0x3001_0041_2c04_4004, 0x0c28_0820_5202_0104, 0x0018_0840_0a21_0401, 0x8012_0040_9084_00a9,
    0x0004_6445_0040_1004, 0x0984_0221_0022_2404, 0x0200_1090_0008_0040, 0x0002_0080_2002_0201,
    0x0344_1304_000a_0028, 0x8026_0885_0026_0440, 0x0041_080a_2103_8220, 0x0044_4047_4022_0100,
    0x0902_1022_2200_8804, 0x2221_0101_2002_1003, 0x8014_0844_0200_9009, 0x2040_0020_1802_0100,
    0x0308_1801_0400_2841, 0x0444_1018_5042_0200, 0x0012_1009_4208_0110, 0x0008_4200_8030_0200,
    0x2004_0892_1010_0200, 0x00c8_a208_1484_2400, 0x001c_4204_8c04_0002, 0x0200_8000_4202_0002,
    0x2000_2420_0424_02a0, 0x0020_0660_0401_0000, 0x0028_9010_5c81_0053, 0x2820_0122_0089_0600,
    0x0808_4200_5008_0444, 0x0200_0880_6808_2440, 0x0061_0817_3402_0830, 0x0c20_2104_0041_1080,
    0x0040_0000_1525_0400, 0x04c0_3040_2208_0245, 0x0000_4202_2424_0080, 0x0004_0802_0808_3900,
];

/// The square `(df, dr)` away from `sq`, if on the board.
fn step(sq: usize, (df, dr): (i32, i32)) -> Option<usize> {
    let file = (sq % 8) as i32 + df;
    let rank = (sq / 8) as i32 + dr;
    ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| (rank * 8 + file) as usize)
}

/// One step in each of `deltas` (knight, king, pawn captures).
fn steps(sq: usize, deltas: &[(i32, i32)]) -> u64 {
    deltas
        .iter()
        .filter_map(|&d| step(sq, d))
        .fold(0, |bb, to| bb | 1 << to)
}

/// Walk from `sq` in each direction until the edge or the first occupied
/// square (included: it can be captured).
fn slide(sq: usize, occupied: u64, dirs: &[(i32, i32)]) -> u64 {
    let mut out = 0;
    for &dir in dirs {
        let mut cur = step(sq, dir);
        while let Some(s) = cur {
            out |= 1 << s;
            if occupied & (1 << s) != 0 {
                break;
            }
            cur = step(s, dir);
        }
    }
    out
}

/// The squares whose occupancy matters to a slider on `sq`: its empty-board
/// rays without their last square (a man on the edge blocks nothing beyond).
fn relevant_mask(sq: usize, dirs: &[(i32, i32)]) -> u64 {
    let mut out = 0;
    for &dir in dirs {
        let mut cur = step(sq, dir);
        while let Some(s) = cur {
            cur = step(s, dir);
            if cur.is_some() {
                out |= 1 << s;
            }
        }
    }
    out
}

/// The `Magic` entries and the shared attack table of one slider.
///
/// Each square gets `2^(mask bits)` consecutive entries; the attacks for an
/// occupancy `occ` are at `offset + ((occ & mask) * factor >> shift)`.
/// Panics (failing the build) if a factor sends two occupancies with
/// different attacks to the same entry.
fn magic_tables(dirs: &[(i32, i32)], factors: &[u64; 64]) -> (String, Vec<u64>) {
    let mut magics = String::new();
    let mut table: Vec<u64> = Vec::new();
    for (sq, &factor) in factors.iter().enumerate() {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        let shift = 64 - bits;
        let offset = table.len();
        table.resize(offset + (1 << bits), 0);
        // Every subset of the mask, by the "carry-rippler" trick.
        let mut subset: u64 = 0;
        loop {
            let attacks = slide(sq, subset, dirs);
            let entry = &mut table[offset + (subset.wrapping_mul(factor) >> shift) as usize];
            // Attack sets are never empty, so 0 marks an unused entry.
            assert!(
                *entry == 0 || *entry == attacks,
                "magic factor {factor:#x} of square {sq} maps two occupancies together"
            );
            *entry = attacks;
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        writeln!(
            magics,
            "    Magic {{ mask: {mask:#018x}, factor: {factor:#018x}, shift: {shift}, offset: {offset} }},"
        )
        .unwrap();
    }
    (magics, table)
}

/// `between[a][b]` (squares strictly between) and `ray[a][b]` (the whole
/// line through both) for squares on a common rank, file or diagonal.
fn line_tables() -> (Vec<u64>, Vec<u64>) {
    let mut between = vec![0; 64 * 64];
    let mut ray = vec![0; 64 * 64];
    for a in 0..64 {
        for &(df, dr) in ROOK_DIRS.iter().chain(&BISHOP_DIRS) {
            let line = slide(a, 0, &[(df, dr), (-df, -dr)]) | 1 << a;
            let mut passed = 0;
            let mut cur = step(a, (df, dr));
            while let Some(b) = cur {
                between[a * 64 + b] = passed;
                ray[a * 64 + b] = line;
                passed |= 1 << b;
                cur = step(b, (df, dr));
            }
        }
    }
    (between, ray)
}

/// `static NAME: [u64; N] = [...];`
fn emit_array(out: &mut String, name: &str, values: &[u64]) {
    writeln!(out, "static {name}: [u64; {}] = [", values.len()).unwrap();
    for chunk in values.chunks(8) {
        out.push_str("   ");
        for v in chunk {
            write!(out, " {v:#x},").unwrap();
        }
        out.push('\n');
    }
    out.push_str("];\n\n");
}

fn main() {
    println!("cargo::rerun-if-changed=build.rs");

    let mut out = String::from("// Generated by rust-core/build.rs. Do not edit.\n\n");
    let per_square = |f: &dyn Fn(usize) -> u64| (0..64).map(f).collect::<Vec<u64>>();
    emit_array(
        &mut out,
        "KNIGHT_ATTACKS",
        &per_square(&|sq| steps(sq, &KNIGHT_DELTAS)),
    );
    emit_array(
        &mut out,
        "KING_ATTACKS",
        &per_square(&|sq| steps(sq, &KING_DELTAS)),
    );
    emit_array(
        &mut out,
        "WHITE_PAWN_ATTACKS",
        &per_square(&|sq| steps(sq, &WHITE_PAWN_DELTAS)),
    );
    emit_array(
        &mut out,
        "BLACK_PAWN_ATTACKS",
        &per_square(&|sq| steps(sq, &BLACK_PAWN_DELTAS)),
    );

    for (name, dirs, factors) in [
        ("ROOK", &ROOK_DIRS, &ROOK_FACTORS),
        ("BISHOP", &BISHOP_DIRS, &BISHOP_FACTORS),
    ] {
        let (magics, table) = magic_tables(dirs, factors);
        writeln!(out, "static {name}_MAGICS: [Magic; 64] = [\n{magics}];\n").unwrap();
        emit_array(&mut out, &format!("{name}_TABLE"), &table);
    }

    let (between, ray) = line_tables();
    emit_array(&mut out, "BETWEEN", &between);
    emit_array(&mut out, "RAY", &ray);

    let path =
        Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("attack_tables.rs");
    fs::write(&path, out).expect("write attack tables");
}
