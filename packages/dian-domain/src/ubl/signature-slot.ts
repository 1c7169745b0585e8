/** Where the signer appends `<ext:UBLExtension><ext:ExtensionContent><ds:Signature…>`. */
export const SIGNATURE_SLOT_ANCHOR = '</ext:UBLExtensions>';
