//! An `f64` in JSON that may be infinite: a number, or `"+inf"` / `"-inf"`. NaN is refused
//! when writing: no statistic here may be undefined.

use serde::{Deserialize, Deserializer, Serializer, de, ser};

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's `with` passes a reference
pub fn serialize<S: Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
    match *x {
        f64::INFINITY => s.serialize_str("+inf"),
        f64::NEG_INFINITY => s.serialize_str("-inf"),
        x if x.is_nan() => Err(ser::Error::custom("an Elo value is undefined (NaN)")),
        x => s.serialize_f64(x),
    }
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Written {
    Number(f64),
    Text(String),
}

pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
    match Written::deserialize(d)? {
        Written::Number(x) => Ok(x),
        Written::Text(t) if t == "+inf" => Ok(f64::INFINITY),
        Written::Text(t) if t == "-inf" => Ok(f64::NEG_INFINITY),
        Written::Text(t) => Err(de::Error::custom(format!(
            "expected a number, \"+inf\" or \"-inf\", got {t:?}"
        ))),
    }
}

/// Two such values as a JSON array.
pub mod pair {
    use serde::ser::SerializeTuple;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    struct Value(f64);

    impl Serialize for Value {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            crate::extended::serialize(&self.0, s)
        }
    }

    #[derive(Deserialize)]
    struct Read(#[serde(with = "crate::extended")] f64);

    pub fn serialize<S: Serializer>(pair: &[f64; 2], s: S) -> Result<S::Ok, S::Error> {
        let mut t = s.serialize_tuple(2)?;
        t.serialize_element(&Value(pair[0]))?;
        t.serialize_element(&Value(pair[1]))?;
        t.end()
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[f64; 2], D::Error> {
        let [a, b] = <[Read; 2]>::deserialize(d)?;
        Ok([a.0, b.0])
    }
}
