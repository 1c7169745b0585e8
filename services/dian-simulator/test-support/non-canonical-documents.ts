// Documents NOT in canonical form for the canonicalizer tests (c14n.unit.test.ts against xml-crypto,
// c14n.int.test.ts against xmllint): each exercises what C14N must normalise.
export const documents: Record<string, string> = {
  'attribute order, quotes and spacing in tags': `<r xmlns="urn:d" xmlns:b="urn:b"   xmlns:a='urn:a' z='1' a:y="2" b:x = "3" m="4" ><e  b:k="1" a:k='2' k="0"/><a:e/>\n</r >`,
  'entity and character references': `<r a="&lt;&amp;&quot;&#9;&#10;&#13;&gt;&apos;" t='&apos;"'>x &lt; y &gt; z &amp; &#65;&#x42;&#x10000; &#13; ] &quot;&apos;</r>`,
  'CR LF and CR normalisation': '<r a="1\r\n2\r3">l1\r\nl2\rl3\r\n<c>\r</c></r>',
  'whitespace: tabs and newlines in attribute values, text kept':
    '<r a="\tx\ny " b=" &#9;y&#10; ">\n  <c>\t </c>\n</r>',
  'CDATA and comments': '<r><![CDATA[<a>&b]]>]]&gt;<!-- gone -->x<c><![CDATA[]]></c><!----></r>',
  'redundant, changed and undone namespace declarations':
    '<r xmlns="urn:1" xmlns:p="urn:p"><p:c xmlns:p="urn:p" xmlns="urn:1"><d xmlns=""><e xmlns="urn:2"><f xmlns:p="urn:q" p:a="1"/></e></d></p:c></r>',
  'subtrees in document context (ancestors declare, descendants use or not)':
    '<a:r xmlns:a="urn:a" xmlns:z="urn:z" xmlns="urn:d"><a:s Id="x"><t z:attr="1"><u/></t></a:s><v xmlns:y="urn:y"><y:w/></v></a:r>',
  'non-ASCII text and names':
    '<r nombre="Política Ñandú"><cbc:Nota xmlns:cbc="urn:cbc">Dirección Impuestos — €</cbc:Nota><ñ/></r>',
};
