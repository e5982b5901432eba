//! The fingerprint of a game's events: a 64-bit FNV-1a hash over an encoding of each
//! event, so a replay proves it reproduces the recorded game bit for bit.
//!
//! Log format 2 hashes the [stable encoding](encode) defined here, which depends only
//! on the events' serde shape (variant and field names, values), never on how a text
//! format prints them. Format 1 (logs written before formats existed) hashed each
//! event's `ron::to_string` text and a newline; that path is kept, for those logs only.
//! An event that cannot be encoded is an error, never an empty string.

use serde::Serialize;
use serde::ser;

use super::event::Event;
use super::log::LogFormat;

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// An event that could not be encoded for the fingerprint.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("event {index} cannot be encoded for the game fingerprint: {reason}")]
pub struct FingerprintError {
    /// 1-based position of the event in the game.
    pub index: usize,
    pub reason: String,
}

/// A running fingerprint of events.
#[derive(Clone, Debug)]
pub struct Fingerprint {
    format: LogFormat,
    hash: u64,
    count: usize,
}

impl Default for Fingerprint {
    /// The fingerprint of the current log format.
    fn default() -> Self {
        Self::new(LogFormat::CURRENT)
    }
}

impl Fingerprint {
    pub fn new(format: LogFormat) -> Self {
        Self {
            format,
            hash: FNV_OFFSET,
            count: 0,
        }
    }

    pub fn format(&self) -> LogFormat {
        self.format
    }

    pub fn add(&mut self, e: &Event) -> Result<(), FingerprintError> {
        let error = |reason: String| FingerprintError {
            index: self.count + 1,
            reason,
        };
        let bytes = match self.format {
            LogFormat::V1 => ron::to_string(e)
                .map(|t| t.into_bytes())
                .map_err(|x| error(x.to_string()))?,
            LogFormat::V2 => encode(e).map_err(|x| error(x.0))?,
        };
        self.eat(&bytes);
        if self.format == LogFormat::V1 {
            self.eat(b"\n");
        }
        self.count += 1;
        Ok(())
    }

    pub fn extend<'a>(
        &mut self,
        es: impl IntoIterator<Item = &'a Event>,
    ) -> Result<(), FingerprintError> {
        es.into_iter().try_for_each(|e| self.add(e))
    }

    fn eat(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.hash ^= u64::from(b);
            self.hash = self.hash.wrapping_mul(FNV_PRIME);
        }
    }

    pub fn count(&self) -> usize {
        self.count
    }

    pub fn hex(&self) -> String {
        format!("{:016x}", self.hash)
    }
}

/// The stable encoding of a value (format 2). Every value is a tag byte and its content,
/// so the encoding needs no separators and reads back unambiguously:
///
/// | serde value | bytes |
/// |---|---|
/// | bool | `b`, then 0 or 1 |
/// | unsigned integer (any width) | `u`, then LEB128 |
/// | signed integer (any width) | `i`, then zigzag LEB128 |
/// | float (f32 widened) | `f`, then the f64's 8 bytes, little-endian |
/// | char, string | `s`, then the UTF-8 length (LEB128) and bytes |
/// | bytes | `y`, then the length and bytes |
/// | none / some | `n` / `S` then the value |
/// | unit, unit struct | `0` |
/// | unit variant | `v`, then its name as a string |
/// | newtype struct | the inner value |
/// | newtype variant | `V`, its name, the value |
/// | sequence | `[`, the elements, `]` |
/// | tuple, tuple struct | `(`, the elements, `)` |
/// | tuple variant | `T`, its name, `(`, the elements, `)` |
/// | map | `{`, key then value for each entry, `}` |
/// | struct | `{`, field name then value for each field, `}` |
/// | struct variant | `R`, its name, then as a struct |
///
/// Integer widths do not show (widening a field keeps the fingerprint), type names do
/// not show, and variant and field names do: renaming an event or a field, or changing
/// what it holds, changes the fingerprint of every game that has it.
pub fn encode<T: Serialize + ?Sized>(value: &T) -> Result<Vec<u8>, EncodeError> {
    let mut out = Encoder { out: Vec::new() };
    value.serialize(&mut out)?;
    Ok(out.out)
}

/// A value whose `Serialize` refused (only a hand-written `Serialize` can).
#[derive(Debug)]
pub struct EncodeError(String);

impl std::fmt::Display for EncodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for EncodeError {}

impl ser::Error for EncodeError {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        EncodeError(msg.to_string())
    }
}

struct Encoder {
    out: Vec<u8>,
}

impl Encoder {
    fn leb128(&mut self, mut v: u128) {
        loop {
            let byte = (v & 0x7f) as u8;
            v >>= 7;
            if v == 0 {
                self.out.push(byte);
                return;
            }
            self.out.push(byte | 0x80);
        }
    }

    fn unsigned(&mut self, v: u128) {
        self.out.push(b'u');
        self.leb128(v);
    }

    fn signed(&mut self, v: i128) {
        self.out.push(b'i');
        self.leb128(((v << 1) ^ (v >> 127)) as u128);
    }

    fn text(&mut self, s: &str) {
        self.out.push(b's');
        self.leb128(s.len() as u128);
        self.out.extend_from_slice(s.as_bytes());
    }
}

type Res = Result<(), EncodeError>;

impl<'a> ser::Serializer for &'a mut Encoder {
    type Ok = ();
    type Error = EncodeError;
    type SerializeSeq = Closing<'a>;
    type SerializeTuple = Closing<'a>;
    type SerializeTupleStruct = Closing<'a>;
    type SerializeTupleVariant = Closing<'a>;
    type SerializeMap = Closing<'a>;
    type SerializeStruct = Closing<'a>;
    type SerializeStructVariant = Closing<'a>;

    fn serialize_bool(self, v: bool) -> Res {
        self.out.extend_from_slice(&[b'b', u8::from(v)]);
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Res {
        self.signed(v.into());
        Ok(())
    }
    fn serialize_i16(self, v: i16) -> Res {
        self.signed(v.into());
        Ok(())
    }
    fn serialize_i32(self, v: i32) -> Res {
        self.signed(v.into());
        Ok(())
    }
    fn serialize_i64(self, v: i64) -> Res {
        self.signed(v.into());
        Ok(())
    }
    fn serialize_i128(self, v: i128) -> Res {
        self.signed(v);
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> Res {
        self.unsigned(v.into());
        Ok(())
    }
    fn serialize_u16(self, v: u16) -> Res {
        self.unsigned(v.into());
        Ok(())
    }
    fn serialize_u32(self, v: u32) -> Res {
        self.unsigned(v.into());
        Ok(())
    }
    fn serialize_u64(self, v: u64) -> Res {
        self.unsigned(v.into());
        Ok(())
    }
    fn serialize_u128(self, v: u128) -> Res {
        self.unsigned(v);
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> Res {
        self.serialize_f64(v.into())
    }
    fn serialize_f64(self, v: f64) -> Res {
        self.out.push(b'f');
        self.out.extend_from_slice(&v.to_le_bytes());
        Ok(())
    }
    fn serialize_char(self, v: char) -> Res {
        self.text(v.encode_utf8(&mut [0; 4]));
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Res {
        self.text(v);
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> Res {
        self.out.push(b'y');
        self.leb128(v.len() as u128);
        self.out.extend_from_slice(v);
        Ok(())
    }
    fn serialize_none(self) -> Res {
        self.out.push(b'n');
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, v: &T) -> Res {
        self.out.push(b'S');
        v.serialize(self)
    }
    fn serialize_unit(self) -> Res {
        self.out.push(b'0');
        Ok(())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Res {
        self.serialize_unit()
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Res {
        self.out.push(b'v');
        self.text(variant);
        Ok(())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, v: &T) -> Res {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        v: &T,
    ) -> Res {
        self.out.push(b'V');
        self.text(variant);
        v.serialize(self)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Closing<'a>, EncodeError> {
        Ok(Closing::open(self, b"[", b']'))
    }
    fn serialize_tuple(self, _: usize) -> Result<Closing<'a>, EncodeError> {
        Ok(Closing::open(self, b"(", b')'))
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Closing<'a>, EncodeError> {
        Ok(Closing::open(self, b"(", b')'))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Closing<'a>, EncodeError> {
        self.out.push(b'T');
        self.text(variant);
        Ok(Closing::open(self, b"(", b')'))
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Closing<'a>, EncodeError> {
        Ok(Closing::open(self, b"{", b'}'))
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Closing<'a>, EncodeError> {
        Ok(Closing::open(self, b"{", b'}'))
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Closing<'a>, EncodeError> {
        self.out.push(b'R');
        self.text(variant);
        Ok(Closing::open(self, b"{", b'}'))
    }
}

/// A compound value being written: its elements, then its closing byte.
struct Closing<'a> {
    enc: &'a mut Encoder,
    close: u8,
}

impl<'a> Closing<'a> {
    fn open(enc: &'a mut Encoder, open: &[u8], close: u8) -> Self {
        enc.out.extend_from_slice(open);
        Closing { enc, close }
    }

    fn element<T: Serialize + ?Sized>(&mut self, v: &T) -> Res {
        v.serialize(&mut *self.enc)
    }

    fn field<T: Serialize + ?Sized>(&mut self, name: &str, v: &T) -> Res {
        self.enc.text(name);
        v.serialize(&mut *self.enc)
    }

    fn close(self) -> Res {
        self.enc.out.push(self.close);
        Ok(())
    }
}

impl ser::SerializeSeq for Closing<'_> {
    type Ok = ();
    type Error = EncodeError;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, v: &T) -> Res {
        self.element(v)
    }
    fn end(self) -> Res {
        self.close()
    }
}

impl ser::SerializeTuple for Closing<'_> {
    type Ok = ();
    type Error = EncodeError;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, v: &T) -> Res {
        self.element(v)
    }
    fn end(self) -> Res {
        self.close()
    }
}

impl ser::SerializeTupleStruct for Closing<'_> {
    type Ok = ();
    type Error = EncodeError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, v: &T) -> Res {
        self.element(v)
    }
    fn end(self) -> Res {
        self.close()
    }
}

impl ser::SerializeTupleVariant for Closing<'_> {
    type Ok = ();
    type Error = EncodeError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, v: &T) -> Res {
        self.element(v)
    }
    fn end(self) -> Res {
        self.close()
    }
}

impl ser::SerializeMap for Closing<'_> {
    type Ok = ();
    type Error = EncodeError;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, k: &T) -> Res {
        self.element(k)
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, v: &T) -> Res {
        self.element(v)
    }
    fn end(self) -> Res {
        self.close()
    }
}

impl ser::SerializeStruct for Closing<'_> {
    type Ok = ();
    type Error = EncodeError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, name: &'static str, v: &T) -> Res {
        self.field(name, v)
    }
    fn end(self) -> Res {
        self.close()
    }
}

impl ser::SerializeStructVariant for Closing<'_> {
    type Ok = ();
    type Error = EncodeError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, name: &'static str, v: &T) -> Res {
        self.field(name, v)
    }
    fn end(self) -> Res {
        self.close()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::HexId;
    use crate::model::{Date, Mp, UnitId};
    use crate::systems::wb95::event::{EliminationCause, Motion};

    #[test]
    fn the_encoding_of_values_is_as_documented() {
        assert_eq!(encode(&true).unwrap(), b"b\x01");
        assert_eq!(encode(&300u16).unwrap(), b"u\xac\x02");
        assert_eq!(
            encode(&300u64).unwrap(),
            encode(&300u16).unwrap(),
            "widths do not show"
        );
        assert_eq!(encode(&-1i32).unwrap(), b"i\x01");
        assert_eq!(
            encode(&1.5f64).unwrap(),
            [b'f', 0, 0, 0, 0, 0, 0, 0xf8, 0x3f]
        );
        assert_eq!(encode("ab").unwrap(), b"s\x02ab");
        assert_eq!(encode(&Some(1u8)).unwrap(), b"Su\x01");
        assert_eq!(encode(&None::<u8>).unwrap(), b"n");
        assert_eq!(encode(&vec![1u8, 2]).unwrap(), b"[u\x01u\x02]");
        assert_eq!(encode(&(1u8, "x")).unwrap(), b"(u\x01s\x01x)");
    }

    #[test]
    fn an_event_encodes_with_its_variant_and_field_names() {
        let e = Event::Eliminated {
            unit: UnitId::from("307"),
            hex: Some(HexId::new(8, 6)),
            cause: EliminationCause::Losses,
        };
        let bytes = encode(&e).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        assert!(text.starts_with("Rs\x0aEliminated{"), "{text}");
        for part in [
            "s\x04units\x03307",
            "s\x03hexSs\x040806",
            "s\x05causevs\x06Losses}",
        ] {
            assert!(text.contains(part), "{part:?} in {text:?}");
        }
        let moved = Event::Moved {
            unit: UnitId::from("a"),
            from: None,
            path: vec![HexId::new(1, 1)],
            cost: Mp::whole(3).half(),
            how: Motion::Move,
        };
        let one_and_a_half = [b'f', 0, 0, 0, 0, 0, 0, 0xf8, 0x3f];
        assert!(
            encode(&moved)
                .unwrap()
                .windows(9)
                .any(|w| w == one_and_a_half)
        );
    }

    #[test]
    fn a_fingerprint_depends_on_every_event_and_their_order() {
        let a = Event::TurnBegan {
            turn: 1,
            date: Date::parse("1943-07-05").unwrap(),
        };
        let b = Event::LossesPaid;
        let fp = |es: &[&Event], f: LogFormat| {
            let mut x = Fingerprint::new(f);
            x.extend(es.iter().copied()).unwrap();
            (x.count(), x.hex())
        };
        for f in [LogFormat::V1, LogFormat::V2] {
            assert_ne!(fp(&[&a, &b], f), fp(&[&b, &a], f));
            assert_ne!(fp(&[&a], f).1, fp(&[], f).1);
            assert_eq!(fp(&[&a, &b], f).0, 2);
        }
        assert_ne!(fp(&[&a], LogFormat::V1), fp(&[&a], LogFormat::V2));
    }

    #[test]
    fn format_1_still_hashes_the_ron_text_and_a_newline() {
        let e = Event::LossesPaid;
        let mut fp = Fingerprint::new(LogFormat::V1);
        fp.add(&e).unwrap();
        let mut h = FNV_OFFSET;
        for b in b"LossesPaid\n" {
            h ^= u64::from(*b);
            h = h.wrapping_mul(FNV_PRIME);
        }
        assert_eq!(fp.hex(), format!("{h:016x}"));
    }

    #[test]
    fn a_value_that_refuses_to_serialize_is_an_error() {
        struct Refuses;
        impl Serialize for Refuses {
            fn serialize<S: ser::Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
                Err(ser::Error::custom("no"))
            }
        }
        assert_eq!(encode(&Refuses).unwrap_err().to_string(), "no");
    }
}
