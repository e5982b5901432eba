//! The fingerprint of a game's events: a 64-bit FNV-1a hash over an encoding of each
//! event, so a replay proves it reproduces the recorded game bit for bit. Written once for
//! every system; each says which [`Encoding`] a log format of its hashes.
//!
//! The [stable encoding](encode) depends only on the events' serde shape (variant and
//! field names, values), never on how a text format prints them: new systems use it. Two
//! older encodings are kept for the logs written with them: an event's `Display` text and
//! a newline (the toy and PanzerBlitz logs), its `ron::to_string` text and a newline
//! (WB-95 logs of format 1). An event that cannot be encoded is an error, never an empty
//! string.

use serde::Serialize;
use serde::ser;

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// How each event is turned into the bytes the fingerprint hashes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// The [stable encoding](encode).
    Stable,
    /// The event's `Display` text, then a newline.
    Text,
    /// The event's `ron::to_string` text, then a newline.
    Ron,
}

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
    encoding: Encoding,
    hash: u64,
    count: usize,
}

impl Fingerprint {
    pub fn new(encoding: Encoding) -> Self {
        Self {
            encoding,
            hash: FNV_OFFSET,
            count: 0,
        }
    }

    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    pub fn add<E: Serialize + std::fmt::Display>(&mut self, e: &E) -> Result<(), FingerprintError> {
        let error = |reason: String| FingerprintError {
            index: self.count + 1,
            reason,
        };
        match self.encoding {
            Encoding::Stable => {
                let bytes = encode(e).map_err(|x| error(x.0))?;
                self.eat(&bytes);
            }
            Encoding::Text => {
                self.eat(e.to_string().as_bytes());
                self.eat(b"\n");
            }
            Encoding::Ron => {
                let text = ron::to_string(e).map_err(|x| error(x.to_string()))?;
                self.eat(text.as_bytes());
                self.eat(b"\n");
            }
        }
        self.count += 1;
        Ok(())
    }

    pub fn extend<'a, E: Serialize + std::fmt::Display + 'a>(
        &mut self,
        es: impl IntoIterator<Item = &'a E>,
    ) -> Result<(), FingerprintError> {
        es.into_iter().try_for_each(|e| self.add(e))
    }

    fn eat(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.hash ^= u64::from(b);
            self.hash = self.hash.wrapping_mul(FNV_PRIME);
        }
    }

    /// Events added.
    pub fn count(&self) -> usize {
        self.count
    }

    /// The hash as written in a log: 16 hex digits.
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

    /// FNV-1a 64 of the text and a newline, as the toy and PanzerBlitz logs hash.
    #[test]
    fn the_text_encoding_is_fnv1a_of_each_line() {
        let mut f = Fingerprint::new(Encoding::Text);
        assert_eq!(f.hex(), "cbf29ce484222325");
        f.add(&"a").unwrap();
        assert_eq!(f.hex(), "089bdc07b544e7b2");
        assert_eq!(f.count(), 1);
    }

    #[test]
    fn a_fingerprint_depends_on_every_event_and_their_order_in_every_encoding() {
        let fp = |es: &[&str], enc| {
            let mut x = Fingerprint::new(enc);
            x.extend(es.iter()).unwrap();
            (x.count(), x.hex())
        };
        for enc in [Encoding::Stable, Encoding::Text, Encoding::Ron] {
            assert_ne!(fp(&["a", "b"], enc), fp(&["b", "a"], enc));
            assert_ne!(fp(&["a"], enc).1, fp(&[], enc).1);
            assert_eq!(fp(&["a", "b"], enc).0, 2);
        }
        assert_ne!(fp(&["a"], Encoding::Ron), fp(&["a"], Encoding::Stable));
    }

    #[test]
    fn the_ron_encoding_hashes_the_ron_text_and_a_newline() {
        let mut fp = Fingerprint::new(Encoding::Ron);
        fp.add(&"x").unwrap();
        let mut h = FNV_OFFSET;
        for b in b"\"x\"\n" {
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
