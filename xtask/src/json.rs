//! A result file's layout: JSON indented by two spaces, each array or object whose members are
//! all scalars on one line (a game's moves, a table row), and every key and number kept as the
//! command wrote them. The text is re-laid, never parsed into maps, so the command's own
//! document stays unchanged, its keys in its own order.

/// One JSON value as text pieces: scalars verbatim, containers by member.
enum Node<'a> {
    Scalar(&'a str),
    Array(Vec<Node<'a>>),
    Object(Vec<(&'a str, Node<'a>)>),
}

/// `text` (valid JSON) laid out as a result file is, with a final newline.
pub fn layout(text: &str) -> Result<String, String> {
    serde_json::from_str::<serde::de::IgnoredAny>(text).map_err(|e| format!("not JSON: {e}"))?;
    let mut parser = Parser { text, at: 0 };
    let node = parser.value()?;
    parser.space();
    if parser.at != text.len() {
        return Err("not JSON: text after the value".to_owned());
    }
    let mut out = String::with_capacity(text.len() + text.len() / 4);
    write(&node, 0, &mut out);
    out.push('\n');
    Ok(out)
}

struct Parser<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Parser<'a> {
    fn space(&mut self) {
        let rest = &self.text[self.at..];
        self.at += rest.len() - rest.trim_start().len();
    }

    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    fn expect(&mut self, byte: u8) -> Result<(), String> {
        self.space();
        if self.peek() == Some(byte) {
            self.at += 1;
            Ok(())
        } else {
            Err(format!(
                "not JSON: expected {:?} at byte {}",
                byte as char, self.at
            ))
        }
    }

    fn value(&mut self) -> Result<Node<'a>, String> {
        self.space();
        match self.peek() {
            Some(b'[') => {
                self.at += 1;
                let mut items = Vec::new();
                if !self.close(b']') {
                    loop {
                        items.push(self.value()?);
                        if self.close(b']') {
                            break;
                        }
                        self.expect(b',')?;
                    }
                }
                Ok(Node::Array(items))
            }
            Some(b'{') => {
                self.at += 1;
                let mut members = Vec::new();
                if !self.close(b'}') {
                    loop {
                        self.space();
                        let key = self.string()?;
                        self.expect(b':')?;
                        members.push((key, self.value()?));
                        if self.close(b'}') {
                            break;
                        }
                        self.expect(b',')?;
                    }
                }
                Ok(Node::Object(members))
            }
            Some(b'"') => Ok(Node::Scalar(self.string()?)),
            Some(_) => {
                let start = self.at;
                let rest = &self.text[start..];
                let len = rest
                    .find(|c: char| c == ',' || c == ']' || c == '}' || c.is_whitespace())
                    .unwrap_or(rest.len());
                self.at += len;
                Ok(Node::Scalar(&self.text[start..start + len]))
            }
            None => Err("not JSON: it ends inside a value".to_owned()),
        }
    }

    /// Consumes `byte` if it comes next.
    fn close(&mut self, byte: u8) -> bool {
        self.space();
        let found = self.peek() == Some(byte);
        if found {
            self.at += 1;
        }
        found
    }

    /// A string with its quotes, escapes left as written.
    fn string(&mut self) -> Result<&'a str, String> {
        let start = self.at;
        let bytes = self.text.as_bytes();
        if bytes.get(start) != Some(&b'"') {
            return Err(format!("not JSON: expected a string at byte {start}"));
        }
        let mut i = start + 1;
        while let Some(&b) = bytes.get(i) {
            match b {
                b'\\' => i += 2,
                b'"' => {
                    self.at = i + 1;
                    return Ok(&self.text[start..=i]);
                }
                _ => i += 1,
            }
        }
        Err("not JSON: a string does not end".to_owned())
    }
}

fn is_scalar(node: &Node<'_>) -> bool {
    matches!(node, Node::Scalar(_))
}

fn write(node: &Node<'_>, indent: usize, out: &mut String) {
    let pad = |n: usize, out: &mut String| out.extend(std::iter::repeat_n("  ", n));
    match node {
        Node::Scalar(s) => out.push_str(s),
        Node::Array(items) if items.iter().all(is_scalar) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write(item, indent, out);
            }
            out.push(']');
        }
        Node::Object(members) if members.iter().all(|(_, v)| is_scalar(v)) => {
            out.push('{');
            for (i, (key, value)) in members.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(key);
                out.push_str(": ");
                write(value, indent, out);
            }
            out.push('}');
        }
        Node::Array(items) => {
            out.push_str("[\n");
            for (i, item) in items.iter().enumerate() {
                pad(indent + 1, out);
                write(item, indent + 1, out);
                out.push_str(if i + 1 < items.len() { ",\n" } else { "\n" });
            }
            pad(indent, out);
            out.push(']');
        }
        Node::Object(members) => {
            out.push_str("{\n");
            for (i, (key, value)) in members.iter().enumerate() {
                pad(indent + 1, out);
                out.push_str(key);
                out.push_str(": ");
                write(value, indent + 1, out);
                out.push_str(if i + 1 < members.len() { ",\n" } else { "\n" });
            }
            pad(indent, out);
            out.push('}');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::layout;

    #[test]
    fn rows_of_scalars_stay_on_one_line_and_keys_keep_their_order() {
        let text = r#"{"z":1,"a":[1,2.50,"x\"y"],"rows":[{"b":true,"a":null}],"e":[],"o":{}}"#;
        assert_eq!(
            layout(text).unwrap(),
            "{\n  \"z\": 1,\n  \"a\": [1, 2.50, \"x\\\"y\"],\n  \"rows\": [\n    {\"b\": true, \
             \"a\": null}\n  ],\n  \"e\": [],\n  \"o\": {}\n}\n"
        );
    }

    #[test]
    fn the_layout_holds_the_same_value() {
        let text = r#"{"a":[[1,2],[3]],"b":{"c":{"d":"é"}}}"#;
        let laid = layout(text).unwrap();
        let v: serde_json::Value = serde_json::from_str(&laid).unwrap();
        assert_eq!(v, serde_json::from_str::<serde_json::Value>(text).unwrap());
        assert_eq!(layout(&laid).unwrap(), laid);
    }

    #[test]
    fn what_is_not_json_is_refused() {
        assert!(layout("{\"a\": }").unwrap_err().starts_with("not JSON"));
        assert!(layout("[1] 2").unwrap_err().starts_with("not JSON"));
    }
}
