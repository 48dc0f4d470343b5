/// Every identifier kind the registry knows, by id (``IdentifierKind``): national, tax and company
/// numbers, VAT numbers, and global codes.
public enum Identifiers {
    /// Every kind, national kinds by country, then VAT numbers, then global codes.
    public static let all: [IdentifierKind] = national + vat + global

    private static let byID: [String: IdentifierKind] = Dictionary(all.map { ($0.id, $0) }) { first, _ in first }

    /// The kind called `id` (`br.cpf`).
    public static func kind(_ id: String) -> IdentifierKind? { byID[id] }

    /// The VAT kind of a country (`DE`; Greece is `GR`, written `EL`).
    public static func vat(country: String) -> IdentifierKind? { byID["vat." + country.lowercased()] }

    /// The countries with a VAT kind.
    public static var vatCountries: [String] { vat.compactMap(\.country) }

    typealias C = NationalChecks
    typealias G = Global
    typealias M = MoreChecks

    static let national: [IdentifierKind] = [
        // Argentina
        IdentifierKind(
            "ar.cuit", "AR", "CUIT", .tax, ["[23]#-########-#"], example: "20-26756539-3", check: C.cuit),
        IdentifierKind("ar.dni", "AR", "DNI", .person, ["##.###.###", "#.###.###"], example: "20.123.456"),
        // Australia
        IdentifierKind("au.abn", "AU", "ABN", .company, ["## ### ### ###"], example: "51 824 753 556", check: C.abn),
        IdentifierKind("au.acn", "AU", "ACN", .company, ["### ### ###"], example: "004 085 616", check: C.acn),
        IdentifierKind(
            "au.tfn", "AU", "TFN", .tax, ["### ### ###", "### ### ##"], example: "123 456 782", check: C.tfn),
        // Belgium
        IdentifierKind(
            "be.nn", "BE", "Rijksregisternummer", .person, ["##.##.##-###.##"], example: "85.07.30-033.28",
            check: C.belgianNational),
        IdentifierKind(
            "be.kbo", "BE", "KBO/BCE", .company, ["[01]###.###.###"], example: "0403.170.701",
            check: C.belgianEnterprise),
        // Brazil
        IdentifierKind("br.cpf", "BR", "CPF", .person, ["###.###.###-##"], example: "111.444.777-35", check: C.cpf),
        IdentifierKind(
            "br.cnpj", "BR", "CNPJ", .company, ["**.***.***/****-##"], example: "11.222.333/0001-81", check: C.cnpj),
        // Canada
        IdentifierKind("ca.sin", "CA", "SIN", .person, ["### ### ###"], example: "046 454 286", check: C.sin),
        IdentifierKind(
            "ca.bn", "CA", "BN", .company, ["#########", "######### @@ ####"], example: "123456782",
            check: C.businessNumber),
        // Switzerland
        IdentifierKind(
            "ch.ahv", "CH", "AHV/AVS", .person, ["756.####.####.##"], example: "756.9217.0769.85", check: C.ahv),
        IdentifierKind(
            "ch.uid", "CH", "UID", .company, ["CHE-###.###.###"], example: "CHE-100.155.212", check: C.swissUID),
        // Chile
        IdentifierKind(
            "cl.rut", "CL", "RUT", .tax, ["##.###.###-[0-9K]", "#.###.###-[0-9K]"], example: "12.345.678-5",
            check: C.rut),
        // China
        IdentifierKind(
            "cn.ric", "CN", "居民身份证", .person, ["###### ######## ###[0-9X]"], example: "110101 19900307 7555",
            check: C.chineseResident),
        IdentifierKind(
            "cn.uscc", "CN", "统一社会信用代码", .company,
            [
                "[1-9A-HJ-NP-RTUWXY][1-9]######[0-9A-HJ-NP-RTUWXY][0-9A-HJ-NP-RTUWXY][0-9A-HJ-NP-RTUWXY][0-9A-HJ-NP-RTUWXY][0-9A-HJ-NP-RTUWXY][0-9A-HJ-NP-RTUWXY][0-9A-HJ-NP-RTUWXY][0-9A-HJ-NP-RTUWXY][0-9A-HJ-NP-RTUWXY][0-9A-HJ-NP-RTUWXY]"
            ],
            example: "91110000600037341L", check: C.unifiedSocialCredit),
        // Colombia
        IdentifierKind(
            "co.nit", "CO", "NIT", .tax, ["###.###.###-#", "##.###.###-#"], example: "890.903.938-8", check: C.nit),
        // Germany
        IdentifierKind(
            "de.idnr", "DE", "Steuer-IdNr.", .tax, ["## ### ### ###"], example: "36 574 261 809", check: C.steuerIdNr),
        // Denmark
        IdentifierKind("dk.cpr", "DK", "CPR-nummer", .person, ["######-####"], example: "211062-5629", check: C.cpr),
        IdentifierKind("dk.cvr", "DK", "CVR-nummer", .company, ["########"], example: "13585628", check: C.cvr),
        // Spain
        IdentifierKind("es.dni", "ES", "DNI", .person, ["########@"], example: "12345678Z", check: C.dniLetter),
        IdentifierKind("es.nie", "ES", "NIE", .person, ["[XYZ]#######@"], example: "X2482300W", check: C.dniLetter),
        IdentifierKind(
            "es.cif", "ES", "CIF", .company, ["[ABCDEFGHJNPQRSUVW]#######[0-9A-J]"], example: "A13585625",
            check: C.cif),
        IdentifierKind(
            "es.nif", "ES", "NIF", .tax,
            ["########@", "[XYZKLM]#######@", "[ABCDEFGHJNPQRSUVW]#######[0-9A-J]"], example: "12345678Z",
            check: C.nif),
        // Finland
        IdentifierKind(
            "fi.hetu", "FI", "Henkilötunnus", .person, ["######[-+A-FU-Y]###[0-9A-Y]"], example: "131052-308T",
            check: C.hetu),
        IdentifierKind("fi.ytunnus", "FI", "Y-tunnus", .company, ["#######-#"], example: "2077474-0", check: C.ytunnus),
        // France
        IdentifierKind(
            "fr.nir", "FR", "NIR", .person, ["# ## ## #[0-9AB] ### ### ##"], example: "2 95 10 99 126 111 93",
            check: C.nir),
        IdentifierKind(
            "fr.siren", "FR", "SIREN", .company, ["### ### ###"], example: "552 008 443", check: CheckDigits.luhn),
        IdentifierKind(
            "fr.siret", "FR", "SIRET", .company, ["### ### ### #####"], example: "732 829 320 00074", check: C.siret),
        // United Kingdom
        IdentifierKind(
            "gb.nino", "GB", "National Insurance number", .person, ["@@ ## ## ## [A-D]"], example: "AB 12 34 56 C",
            check: C.nino),
        IdentifierKind("gb.utr", "GB", "UTR", .tax, ["##### #####"], example: "19543 86350", check: C.utr),
        IdentifierKind("gb.nhs", "GB", "NHS number", .person, ["### ### ####"], example: "943 476 5919", check: C.nhs),
        // Hong Kong
        IdentifierKind(
            "hk.hkid", "HK", "HKID", .person, ["@######[0-9A]", "@@######[0-9A]"], example: "G123456A",
            check: C.hkid),
        // Croatia
        IdentifierKind("hr.oib", "HR", "OIB", .tax, ["###########"], example: "33392005961", check: G.oib),
        // Indonesia
        IdentifierKind(
            "id.nik", "ID", "NIK", .person, ["################"], example: "3171011501900001", check: C.nik),
        IdentifierKind(
            "id.npwp", "ID", "NPWP", .tax, ["##.###.###.#-###.###"], example: "01.312.166.0-091.000",
            check: { CheckDigits.luhn($0.prefix(9)) }),
        // Ireland
        IdentifierKind(
            "ie.pps", "IE", "PPS Number", .person, ["#######@", "#######@[ABHW]"], example: "6433435F", check: C.pps),
        // Israel
        IdentifierKind(
            "il.idnr", "IL", "Teudat Zehut", .person, ["#########"], example: "039337423", check: CheckDigits.luhn),
        IdentifierKind(
            "il.hp", "IL", "Company number", .company, ["5########"], example: "516179157", check: C.israeliCompany),
        // India
        IdentifierKind(
            "in.pan", "IN", "PAN", .tax, ["@@@[ABCFGHJLPT]@####@"], example: "ABCPE1234F"),
        IdentifierKind(
            "in.aadhaar", "IN", "Aadhaar", .person, ["[2-9]### #### ####"], example: "2345 6789 0124",
            check: { CheckDigits.verhoeff($0) && $0 != $0.reversed() }),
        IdentifierKind(
            "in.gstin", "IN", "GSTIN", .tax, ["##@@@@@####@[1-9A-Z]**"], example: "27AAPFU0939F1ZV",
            check: { value in
                let state = (CheckDigits.digits(value.prefix(2)) ?? []).reduce(0) { $0 * 10 + $1 }
                return (1...38).contains(state) || state == 97 || state == 99 ? CheckDigits.luhnMod36(value) : false
            }),
        // Iceland
        IdentifierKind(
            "is.kennitala", "IS", "Kennitala", .person, ["######-####"], example: "120174-3399", check: C.kennitala),
        // Italy
        IdentifierKind(
            "it.codicefiscale", "IT", "Codice fiscale", .tax,
            ["@@@@@@[0-9L-NP-V][0-9L-NP-V]@[0-9L-NP-V][0-9L-NP-V]@[0-9L-NP-V][0-9L-NP-V][0-9L-NP-V]@"],
            example: "RCCMNL83S18D969H", check: C.codiceFiscale),
        IdentifierKind(
            "it.iva", "IT", "Partita IVA", .company, ["###########"], example: "00743110157", check: C.partitaIVA),
        // Japan
        IdentifierKind(
            "jp.mynumber", "JP", "個人番号", .person, ["#### #### ####"], example: "1234 5678 9018", check: C.myNumber),
        IdentifierKind(
            "jp.corporate", "JP", "法人番号", .company, ["[1-9]############"], example: "5835678256246",
            check: C.japaneseCorporate),
        // South Korea
        IdentifierKind(
            "kr.rrn", "KR", "주민등록번호", .person, ["######-#######"], example: "971013-9019902",
            check: C.koreanResident),
        IdentifierKind(
            "kr.brn", "KR", "사업자등록번호", .company, ["###-##-#####"], example: "134-86-72683", check: C.koreanBusiness),
        // Mexico
        IdentifierKind(
            "mx.rfc", "MX", "RFC", .tax,
            ["[A-Z&][A-Z&][A-Z&][A-Z&]######**[0-9A]", "[A-Z&][A-Z&][A-Z&]######**[0-9A]"],
            example: "GODE561231GR8", check: C.rfc),
        IdentifierKind(
            "mx.curp", "MX", "CURP", .person, ["@@@@######[HMX]@@@@@*#"], example: "BOXW310820HNERXN09", check: C.curp),
        // Malaysia
        IdentifierKind(
            "my.nric", "MY", "MyKad", .person, ["######-##-####"], example: "770305-02-1234", check: C.myKad),
        // Netherlands
        IdentifierKind("nl.bsn", "NL", "BSN", .person, ["####.##.###"], example: "1112.22.333", check: C.elfproef),
        // Norway
        IdentifierKind(
            "no.fnr", "NO", "Fødselsnummer", .person, ["###### #####"], example: "151086 95088", check: C.fodselsnummer),
        IdentifierKind(
            "no.orgnr", "NO", "Organisasjonsnummer", .company, ["### ### ###"], example: "988 077 917",
            check: C.norwegianOrganisation),
        // New Zealand
        IdentifierKind(
            "nz.ird", "NZ", "IRD number", .tax, ["###-###-###", "##-###-###"], example: "49-091-850", check: C.ird),
        // Peru
        IdentifierKind("pe.ruc", "PE", "RUC", .tax, ["###########"], example: "20512333797", check: C.peruRUC),
        // Poland
        IdentifierKind("pl.pesel", "PL", "PESEL", .person, ["###########"], example: "44051401359", check: C.pesel),
        IdentifierKind("pl.nip", "PL", "NIP", .tax, ["###-###-##-##"], example: "851-317-72-68", check: C.nip),
        IdentifierKind(
            "pl.regon", "PL", "REGON", .company, ["#########", "##############"], example: "192598184", check: C.regon),
        // Portugal
        IdentifierKind("pt.nif", "PT", "NIF", .tax, ["### ### ###"], example: "501 964 843", check: C.portugueseNIF),
        // Russia
        IdentifierKind(
            "ru.inn", "RU", "ИНН", .tax, ["##########", "############"], example: "7707083893", check: C.inn),
        IdentifierKind(
            "ru.snils", "RU", "СНИЛС", .person, ["###-###-### ##"], example: "112-233-445 95", check: C.snils),
        IdentifierKind(
            "ru.ogrn", "RU", "ОГРН", .company, ["#############", "###############"], example: "1027700132195",
            check: C.ogrn),
        // Sweden
        IdentifierKind(
            "se.personnummer", "SE", "Personnummer", .person, ["######-####", "########-####"], example: "811228-9874",
            check: C.personnummer),
        IdentifierKind(
            "se.orgnr", "SE", "Organisationsnummer", .company, ["######-####"], example: "556036-0793",
            check: C.swedishOrganisation),
        // Singapore
        IdentifierKind("sg.nric", "SG", "NRIC/FIN", .person, ["[STFGM]#######@"], example: "S1234567D", check: C.nric),
        // Turkey
        IdentifierKind(
            "tr.tckimlik", "TR", "T.C. Kimlik No.", .person, ["###########"], example: "17291716060", check: C.tcKimlik),
        IdentifierKind("tr.vkn", "TR", "Vergi Kimlik No.", .tax, ["##########"], example: "4540536920", check: C.vkn),
        // Taiwan
        IdentifierKind(
            "tw.nid", "TW", "國民身分證統一編號", .person, ["@[12]########"], example: "A123456789", check: C.taiwanID),
        IdentifierKind("tw.ubn", "TW", "統一編號", .company, ["########"], example: "00501503", check: C.taiwanUBN),
        // United States
        IdentifierKind("us.ssn", "US", "SSN", .person, ["###-##-####"], example: "536-90-4399", check: C.ssn),
        IdentifierKind("us.itin", "US", "ITIN", .tax, ["9##-##-####"], example: "912-90-3456", check: C.itin),
        IdentifierKind("us.ein", "US", "EIN", .tax, ["##-#######"], example: "04-2103594", check: C.ein),
        IdentifierKind(
            "us.rtn", "US", "ABA routing number", .finance, ["#########"], example: "111000025", check: C.abaRouting),
        // South Africa
        IdentifierKind(
            "za.id", "ZA", "ID number", .person, ["###### #### ###"], example: "750330 5044 089",
            check: C.southAfricanID),
        IdentifierKind(
            "za.tin", "ZA", "Tax reference number", .tax, ["##########"], example: "0001339050",
            check: C.southAfricanTIN),
        // Bulgaria, Cuba, Czechia, the Dominican Republic, Ecuador, Egypt, Estonia, Greece, Guatemala, Kenya
        IdentifierKind("bg.egn", "BG", "ЕГН", .person, ["##########"], example: "7523169263", check: M.egn),
        IdentifierKind(
            "cu.ni", "CU", "Número de identidad", .person, ["###########"], example: "91021527832", check: M.cubanID),
        IdentifierKind(
            "cz.rc", "CZ", "Rodné číslo", .person, ["######/####", "######/###"], example: "710319/2745",
            check: G.czechBirthNumber),
        IdentifierKind(
            "do.cedula", "DO", "Cédula", .person, ["###-#######-#"], example: "001-0005583-9", check: CheckDigits.luhn),
        IdentifierKind("do.rnc", "DO", "RNC", .tax, ["#-##-#####-#"], example: "1-31-24679-6", check: M.rnc),
        IdentifierKind(
            "ec.ci", "EC", "Cédula", .person, ["##########"], example: "1714307103", check: M.ecuadorianCedula),
        IdentifierKind("eg.tn", "EG", "Tax registration number", .tax, ["###-###-###"], example: "100-531-385"),
        IdentifierKind("ee.ik", "EE", "Isikukood", .person, ["###########"], example: "36805280109", check: M.baltic),
        IdentifierKind("gr.amka", "GR", "ΑΜΚΑ", .person, ["###########"], example: "01013099997", check: M.amka),
        IdentifierKind(
            "gt.nit", "GT", "NIT", .tax, ["#######-[0-9K]", "######-[0-9K]"], example: "576937-K",
            check: M.guatemalanNIT),
        IdentifierKind("ke.pin", "KE", "KRA PIN", .tax, ["[AP]#########@"], example: "P051365947M"),
        // Lithuania, Latvia, Moldova, Norway, Pakistan, Paraguay, Portugal, Romania, Slovenia, Slovakia
        IdentifierKind(
            "lt.asmens", "LT", "Asmens kodas", .person, ["###########"], example: "33309240064", check: M.baltic),
        IdentifierKind(
            "lv.pk", "LV", "Personas kods", .person, ["######-#####"], example: "161175-19997", check: M.latvianPersonal
        ),
        IdentifierKind("md.idno", "MD", "IDNO", .company, ["#############"], example: "1008600038413", check: M.idno),
        IdentifierKind(
            "no.kontonr", "NO", "Kontonummer", .finance, ["####.##.#####"], example: "8601.11.17947",
            check: M.norwegianAccount),
        IdentifierKind(
            "pk.cnic", "PK", "CNIC", .person, ["#####-#######-#"], example: "34201-0891231-8", check: M.cnic),
        IdentifierKind(
            "py.ruc", "PY", "RUC", .tax, ["########-#", "#######-#", "######-#"], example: "80028061-0",
            check: M.paraguayanRUC),
        IdentifierKind(
            "pt.cc", "PT", "Cartão de Cidadão", .person, ["######## # **#"], example: "00000000 0 ZZ4",
            check: M.cartaoCidadao),
        IdentifierKind("ro.cnp", "RO", "CNP", .person, ["#############"], example: "1630615123457", check: M.cnp),
        IdentifierKind("si.emso", "SI", "EMŠO", .person, ["#############"], example: "0101006500006", check: M.emso),
        IdentifierKind(
            "sk.rc", "SK", "Rodné číslo", .person, ["######/####", "######/###"], example: "710319/2745",
            check: G.czechBirthNumber),
        // Thailand, Ukraine, Uruguay, Venezuela, Viet Nam, France's tax number
        IdentifierKind(
            "th.pin", "TH", "เลขประจำตัวประชาชน", .person, ["#-####-#####-##-#"], example: "3-1005-04425-70-0",
            check: M.thaiPIN),
        IdentifierKind("ua.rntrc", "UA", "РНОКПП", .tax, ["##########"], example: "1759013776", check: M.rntrc),
        IdentifierKind("uy.rut", "UY", "RUT", .tax, ["############"], example: "211003420017", check: M.uruguayanRUT),
        IdentifierKind("ve.rif", "VE", "RIF", .tax, ["[VEJPG]-########-#"], example: "V-11470283-4", check: M.rif),
        IdentifierKind(
            "vn.mst", "VN", "MST", .tax, ["##########", "##########-###"], example: "0100233488", check: M.vietnameseMST
        ),
        IdentifierKind(
            "fr.nif", "FR", "Numéro fiscal", .tax, ["## ## ### ### ###"], example: "30 23 217 600 053",
            check: M.frenchTaxNumber),
        IdentifierKind(
            "gb.sedol", "GB", "SEDOL", .finance, ["[0-9B-DF-HJ-NP-TV-Z]*****#"], example: "B0YBKJ7", check: M.sedol),
    ]

    static let vat: [IdentifierKind] = [
        IdentifierKind("vat.at", "AT", "UID-Nummer", .vat, ["ATU########"], example: "ATU13585627", check: G.austria),
        IdentifierKind(
            "vat.be", "BE", "BTW/TVA", .vat, ["BE[01]###.###.###"], example: "BE0403.170.701", check: G.belgium),
        IdentifierKind(
            "vat.bg", "BG", "ДДС номер", .vat, ["BG#########", "BG##########"], example: "BG175074752",
            check: G.bulgaria),
        IdentifierKind("vat.cy", "CY", "ΦΠΑ", .vat, ["CY[013-59]#######@"], example: "CY10259033P", check: G.cyprus),
        IdentifierKind(
            "vat.cz", "CZ", "DIČ", .vat, ["CZ########", "CZ#########", "CZ##########"], example: "CZ25123891",
            check: G.czechia),
        IdentifierKind("vat.de", "DE", "USt-IdNr.", .vat, ["DE#########"], example: "DE136695976", check: G.germany),
        IdentifierKind("vat.dk", "DK", "CVR/SE", .vat, ["DK## ## ## ##"], example: "DK13 58 56 28", check: G.denmark),
        IdentifierKind("vat.ee", "EE", "KMKR", .vat, ["EE#########"], example: "EE100931558", check: G.estonia),
        IdentifierKind("vat.gr", "GR", "ΑΦΜ", .vat, ["EL#########"], example: "EL094259216", check: G.greece),
        IdentifierKind(
            "vat.es", "ES", "NIF-IVA", .vat,
            ["ES########@", "ES[XYZKLM]#######@", "ES[ABCDEFGHJNPQRSUVW]#######[0-9A-J]"], example: "ESA13585625",
            check: G.spain),
        IdentifierKind("vat.fi", "FI", "ALV-numero", .vat, ["FI########"], example: "FI20774740", check: G.finland),
        IdentifierKind("vat.fr", "FR", "TVA", .vat, ["FR** #########"], example: "FR40 303265045", check: G.france),
        IdentifierKind("vat.hr", "HR", "PDV ID", .vat, ["HR###########"], example: "HR33392005961", check: G.croatia),
        IdentifierKind("vat.hu", "HU", "ANUM", .vat, ["HU########"], example: "HU12892312", check: G.hungary),
        IdentifierKind(
            "vat.ie", "IE", "VAT number", .vat, ["IE#######@", "IE#######@[A-IW]", "IE#[A-Z+*]#####@"],
            example: "IE6433435F", check: G.ireland),
        IdentifierKind(
            "vat.it", "IT", "Partita IVA", .vat, ["IT###########"], example: "IT00743110157", check: G.italy),
        IdentifierKind(
            "vat.lt", "LT", "PVM kodas", .vat, ["LT#########", "LT############"], example: "LT119511515",
            check: G.lithuania),
        IdentifierKind("vat.lu", "LU", "TVA", .vat, ["LU########"], example: "LU15027442", check: G.luxembourg),
        IdentifierKind("vat.lv", "LV", "PVN", .vat, ["LV###########"], example: "LV40003521600", check: G.latvia),
        IdentifierKind("vat.mt", "MT", "VAT number", .vat, ["MT########"], example: "MT11679112", check: G.malta),
        IdentifierKind(
            "vat.nl", "NL", "btw-id", .vat, ["NL#########B##"], example: "NL004495445B01", check: G.netherlands),
        IdentifierKind("vat.pl", "PL", "NIP UE", .vat, ["PL##########"], example: "PL8513177268", check: G.poland),
        IdentifierKind("vat.pt", "PT", "NIF", .vat, ["PT#########"], example: "PT501964843", check: G.portugal),
        IdentifierKind(
            "vat.ro", "RO", "CIF", .vat,
            [
                "RO##", "RO###", "RO####", "RO#####", "RO######", "RO#######", "RO########", "RO#########",
                "RO##########",
            ],
            example: "RO18547290", check: G.romania),
        IdentifierKind(
            "vat.se", "SE", "Momsnummer", .vat, ["SE############"], example: "SE556036079301", check: G.sweden),
        IdentifierKind("vat.si", "SI", "ID za DDV", .vat, ["SI########"], example: "SI50223054", check: G.slovenia),
        IdentifierKind("vat.sk", "SK", "IČ DPH", .vat, ["SK##########"], example: "SK2022749619", check: G.slovakia),
        IdentifierKind(
            "vat.gb", "GB", "VAT registration number", .vat,
            ["GB### #### ##", "GB### #### ## ###", "GBGD###", "GBHA###"], example: "GB980 7806 84",
            check: G.unitedKingdom),
        IdentifierKind(
            "vat.ch", "CH", "MWST/TVA/IVA", .vat,
            ["CHE-###.###.### MWST", "CHE-###.###.### TVA", "CHE-###.###.### IVA", "CHE-###.###.### TPV"],
            example: "CHE-100.155.212 MWST", check: G.switzerland),
        IdentifierKind(
            "vat.no", "NO", "MVA-nummer", .vat, ["NO### ### ###MVA"], example: "NO988 077 917MVA", check: G.norway),
    ]

    static let global: [IdentifierKind] = [
        IdentifierKind(
            "bic", nil, "BIC", .finance, ["@@@@ @@ ** ***", "@@@@ @@ **"], example: "DEUT DE FF 500", check: G.bic),
        IdentifierKind(
            "iban", nil, "IBAN", .finance, (15...34).map(ibanPattern), example: "DE89 3704 0044 0532 0130 00",
            check: { value in
                guard let country = IBANCountry.named(String(decoding: value.prefix(2), as: UTF8.self)) else {
                    return false
                }
                let scalars = value.map { Unicode.Scalar($0) }
                return scalars.count == country.length
                    && scalars.enumerated().allSatisfy { country.kind(at: $0.offset).admits($0.element) }
                    && IBANValidator.isValid(scalars, in: country)
            }),
        IdentifierKind("isin", nil, "ISIN", .finance, ["@@*********#"], example: "US0378331005", check: G.isin),
        IdentifierKind(
            "lei", nil, "LEI", .finance, ["******************##"], example: "5493001KJTIIGC8Y1R12",
            check: { CheckDigits.iso7064Mod97x10($0) }),
        IdentifierKind(
            "gtin", nil, "GTIN", .product, ["########", "############", "#############", "##############"],
            example: "4006381333931", check: { G.gtinCheck($0) }),
        IdentifierKind(
            "isbn", nil, "ISBN", .product, ["97[89]##########", "#########[0-9X]"], example: "9783161484100",
            check: G.isbn),
        IdentifierKind("issn", nil, "ISSN", .product, ["####-###[0-9X]"], example: "0378-5955", check: G.issn),
        IdentifierKind("cusip", nil, "CUSIP", .finance, ["********#"], example: "037833100", check: M.cusip),
        IdentifierKind(
            "isni", nil, "ISNI", .product, ["#### #### #### ###[0-9X]"], example: "0000 0001 2281 955X", check: M.isni),
        IdentifierKind(
            "ismn", nil, "ISMN", .product, ["9790#########"], example: "9790230671187", check: { G.gtinCheck($0) }),
        IdentifierKind(
            "imo", nil, "IMO number", .device, ["IMO #######"], example: "IMO 9074729",
            check: { M.imo(Array($0.dropFirst(3))) }),
        IdentifierKind(
            "iso6346", nil, "Container code", .device, ["@@@[UJZ] ###### #"], example: "CSQU 305438 3",
            check: M.container),
        IdentifierKind("ecnumber", nil, "EC number", .product, ["###-###-#"], example: "200-001-8", check: M.ecNumber),
        IdentifierKind(
            "casrn", nil, "CAS Registry Number", .product,
            ["##-##-#", "###-##-#", "####-##-#", "#####-##-#", "######-##-#", "#######-##-#"], example: "7732-18-5",
            check: M.casRN),
        IdentifierKind(
            "rf", nil, "Creditor reference", .finance, (5...25).map { "RF##" + String(repeating: "*", count: $0 - 4) },
            example: "RF18539007547034", check: M.creditorReference),
        IdentifierKind(
            "imei", nil, "IMEI", .device, ["##-######-######-#"], example: "49-015420-323751-8", check: G.imei),
    ]

    /// An IBAN of `count` characters in groups of four: the country, the check digits, the BBAN.
    static func ibanPattern(_ count: Int) -> String {
        var pattern = "@@##"
        for position in 4..<count { pattern += (position % 4 == 0 ? " *" : "*") }
        return pattern
    }
}
