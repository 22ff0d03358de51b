//! Where the nodes and properties of an SGF's main variation stand in its text, so that an
//! import error can name the line and column of the property at fault (the SGF parser keeps
//! no positions).
//!
//! The main variation is the first game tree's first line: the nodes up to the first `)`,
//! since every `(` on the way opens the first variation of the node before it, and the first
//! `)` closes the last node of that line. Brackets inside property values do not count.

/// One property of a node: its identifier and the byte offset where it starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PropPlace {
    /// The identifier (`B`, `AB`).
    pub id: String,
    /// Where it starts.
    pub offset: usize,
}

/// One node of the main variation: the offset of its `;` and its properties in order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NodePlace {
    /// Where its `;` is.
    pub offset: usize,
    /// Its properties, in order.
    pub props: Vec<PropPlace>,
}

impl NodePlace {
    /// Where the `nth` (0-based) property `id` of this node starts; else the node's `;`.
    pub fn prop(&self, id: &str, nth: usize) -> usize {
        self.props
            .iter()
            .filter(|p| p.id == id)
            .nth(nth)
            .map_or(self.offset, |p| p.offset)
    }
}

/// The main variation's nodes, or the offset of the first thing that is not SGF.
pub fn main_variation(text: &str) -> Result<Vec<NodePlace>, usize> {
    let bytes = text.as_bytes();
    let mut at = skip_space(bytes, 0);
    if bytes.get(at) != Some(&b'(') {
        return Err(at);
    }
    at += 1;
    let mut nodes: Vec<NodePlace> = Vec::new();
    loop {
        at = skip_space(bytes, at);
        match bytes.get(at) {
            None => return Err(at),
            Some(b')') => return Ok(nodes),
            Some(b'(') => at += 1,
            Some(b';') => {
                nodes.push(NodePlace {
                    offset: at,
                    props: Vec::new(),
                });
                at += 1;
            }
            Some(c) if c.is_ascii_alphabetic() => {
                let node = nodes.last_mut().ok_or(at)?;
                at = property(bytes, at, node)?;
            }
            Some(_) => return Err(at),
        }
    }
}

/// Reads the property starting at `at` (identifier, then one or more `[values]`) into `node`;
/// returns the offset after it.
fn property(bytes: &[u8], start: usize, node: &mut NodePlace) -> Result<usize, usize> {
    let mut at = start;
    while bytes.get(at).is_some_and(u8::is_ascii_alphabetic) {
        at += 1;
    }
    // FF[3] allowed lower-case letters in identifiers; the parser drops them, and so does this.
    let id: String = bytes[start..at]
        .iter()
        .filter(|b| b.is_ascii_uppercase())
        .map(|&b| b as char)
        .collect();
    let mut values = 0;
    loop {
        at = skip_space(bytes, at);
        if bytes.get(at) != Some(&b'[') {
            break;
        }
        at = value_end(bytes, at + 1).ok_or(at)? + 1;
        values += 1;
    }
    if values == 0 {
        return Err(at);
    }
    node.props.push(PropPlace { id, offset: start });
    Ok(at)
}

/// The offset of the `]` closing a value that starts at `at`, skipping escaped characters.
fn value_end(bytes: &[u8], mut at: usize) -> Option<usize> {
    loop {
        match bytes.get(at)? {
            b'\\' => at += 2,
            b']' => return Some(at),
            _ => at += 1,
        }
    }
}

fn skip_space(bytes: &[u8], mut at: usize) -> usize {
    while bytes.get(at).is_some_and(u8::is_ascii_whitespace) {
        at += 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_and_properties_of_the_main_line() {
        let text = "(;SZ[5]C[a \\] (;B) ]\n;B[aa]\n(;W[bb]AB[cc]) (;W[dd]))";
        let nodes = main_variation(text).unwrap();
        assert_eq!(nodes.len(), 3);
        assert_eq!(nodes[0].prop("C", 0), text.find("C[").unwrap());
        assert_eq!(nodes[1].prop("B", 0), text.find("B[aa]").unwrap());
        assert_eq!(nodes[2].prop("AB", 0), text.find("AB").unwrap());
        // A property the node lacks: the node itself.
        assert_eq!(nodes[2].prop("KM", 0), text.find(";W[bb]").unwrap());
    }

    #[test]
    fn the_first_fault_is_placed() {
        assert_eq!(main_variation("garbage"), Err(0));
        assert_eq!(main_variation("  (;B[aa]"), Err(9));
        assert_eq!(main_variation("(;B[aa"), Err(3));
        assert_eq!(main_variation("(;B[aa] W)"), Err(9));
        assert_eq!(main_variation("(B[aa])"), Err(1));
    }
}
