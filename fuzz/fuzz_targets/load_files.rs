//! Any bytes as any kind of file: `sztab_shell::fuzzing::load_files` says what runs.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    sztab_shell::fuzzing::load_files(data);
});
