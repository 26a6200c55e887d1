/**
 * Passwords of at least 8 characters that appear at the top of public breach corpora (the shorter ones
 * fail the length rule already). Compared case-insensitively. NIST SP 800-63B asks to refuse them.
 */
const LIST = `
password password1 password12 password123 password1234 passw0rd p@ssw0rd p@ssword pa55word passwort
12345678 123456789 1234567890 12345678910 123123123 1234512345 11111111 111111111 1111111111 00000000
000000000 0000000000 88888888 66666666 99999999 22222222 55555555 12341234 11223344 12121212 87654321
98765432 987654321 9876543210 147258369 123654789 147852369 741852963 963852741 159753123 12344321
qwertyui qwertyuiop qwerty123 qwerty1234 1qaz2wsx 1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y zaq12wsx zaq1zaq1
asdfghjk asdfghjkl zxcvbnm1 zxcvbnm123 qazwsxedc qweasdzxc 1qazxsw2 q1w2e3r4 q1w2e3r4t5 asdf1234
abcd1234 abc12345 abcdefgh abcdefg1 abcdefghi a1b2c3d4 a12345678 aa123456 aa12345678 abc123456
iloveyou iloveyou1 iloveyou2 sunshine sunshine1 princess princess1 football football1 baseball
baseball1 basketball superman superman1 batman123 starwars starwars1 whatever trustno1 letmein1
letmein123 welcome1 welcome123 welcome12 changeme changeme1 computer computer1 internet michelle
jennifer jonathan jordan23 liverpool chelsea1 arsenal1 barcelona mercedes corvette ferrari1
charlie1 chocolate cookie123 butterfly dragon12 dragon123 elephant hello123 hello1234 helloworld
monkey12 monkey123 mustang1 pokemon1 pokemon123 shadow12 shadow123 soccer12 master12 master123
michael1 jessica1 ashley12 blink182 freedom1 fuckyou1 homelands hunter12 killer12 lovely12 loveme12
naruto12 naruto123 onepiece onepiece1 pikachu1 qwer1234 samsung1 secret12 secret123 silver12 spiderman
summer12 summer2024 summer2025 summer2026 tigger12 tinkerbell trustme1 victoria whatever1 winter12
admin123 admin1234 administrator root1234 toor1234 default1 guest123 test1234 testtest tester12
user1234 login123 pass1234 passpass 1password 1passw0rd access14 access123 security1 sample123
demo1234 demodemo focustar focustar1 focustar123 qwertyuio 123qweasd 123qweasdzxc qweqweqwe
aaaaaaaa aaaaaaaaa abcabcabc asdasdasd zxczxczxc qazqazqaz 123abc123 abc123abc 1234qwer 1234abcd
1234asdf 12qwaszx 1qaz1qaz 2wsx3edc 3edc4rfv passw0rd1 password! password1! password01 password2
p4ssw0rd p@55w0rd p@ssw0rd1 pa$$w0rd pa$$word superstar sweetheart sweetie1 computer123 qwerty12
nihongo1 sakura12 sakura123 doraemon doraemon1 tokyo123 osaka123 nagoya12 kyoto123 hokkaido
ganbatte arigatou arigato1 konnichiwa sayonara daisuki1 aishiteru pokemon12 totoro12 gundam12
hanako12 taro1234 yamada12 suzuki12 tanaka12 satou123 yamamoto takahashi kobayashi watanabe
123456789a 123456789q a123456789 q123456789 1234567a 1234567q 12345678a 12345678q 12345qwert
11112222 11223344 12131415 13579246 19191919 20202020 20212021 20222022 20232023 20242024 20252025
20262026 19801980 19901990 19851985 19951995 20002000 20012001 20102010 12345600 123456000
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter(Boolean));

/** True for a password on the list, or one made of a single repeated character. */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  return COMMON_PASSWORDS.has(lower) || /^(.)\1+$/u.test(password);
}
